/** 10:00, 11:00, then every half hour from 12:00 to 20:30. */
export function weddingTimeOptions(): string[] {
  const times = ['10:00', '11:00'];
  for (let h = 12; h <= 20; h++) {
    const hh = String(h).padStart(2, '0');
    times.push(`${hh}:00`, `${hh}:30`);
  }
  return times;
}
