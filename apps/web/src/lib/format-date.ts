// The browser's own Turkish calendar data (Intl) instead of date-fns + its `tr` locale: same text
// ("5 Aralık 2026"), no bytes shipped, which matters on the guest upload page (docs/decisions/0020).
// The calendar day is Istanbul's, where the server decides "today" too, so a host abroad sees the
// same day the guests do.
const longDate = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Istanbul',
});
const dateTime = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Istanbul',
});

/** Turkish long date of an event ("5 Aralık 2026"). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}

/** Date and time for the lightbox's details panel ("5 Aralık 2026 21:30"), Istanbul time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/** Byte counts as people read them in Turkish ("1,5 MB"). */
export function formatBytes(bytes: number): string {
  // The next unit from 1000 on, so no size reads "1.008 KB" (four digits, a thousands dot) on its
  // way to "1 MB".
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 999.5 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal where it tells something ("2,5 MB"), none on whole or large values ("50 GB").
  const digits = value >= 100 ? 0 : 1;
  return `${value.toLocaleString('tr-TR', { maximumFractionDigits: digits })} ${units[unit]}`;
}
