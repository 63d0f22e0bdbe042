import { formatPhoneInput } from './phone';

export interface PastedGuest {
  name: string;
  phone: string;
  count: string;
}

/**
 * Lines copied from a spreadsheet or a note: "name, phone" (tab, ";" or "," between; an optional third
 * column is the count). The phone gets the same auto-format as typing; blank lines are skipped.
 */
export function parseGuestLines(text: string): PastedGuest[] {
  const result: PastedGuest[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    // Cells are split before trimming: a spreadsheet row with an empty name cell starts with a tab,
    // and trimming it away first would move the phone into the name.
    const line = raw.replace(/\r$/, '');
    const cells = (line.includes('\t') ? line.split('\t') : line.split(/[;,]/)).map((c) => c.trim());
    // The phone is the first cell (after the name) that looks like one; failing that, the first with a
    // digit, so that a wrong number lands in the phone field and is marked there, not glued to the name.
    const digitsIn = (c: string) => c.replace(/\D/g, '').length;
    const likely = cells.findIndex((c, i) => i > 0 && digitsIn(c) >= 7);
    const phoneAt = likely > 0 ? likely : cells.findIndex((c, i) => i > 0 && digitsIn(c) > 0);
    if (phoneAt < 1) {
      result.push({ name: cells.join(' ').trim(), phone: '', count: '1' });
      continue;
    }
    const count = cells[phoneAt + 1]?.match(/^\d{1,2}$/) ? cells[phoneAt + 1]! : '1';
    result.push({
      name: cells.slice(0, phoneAt).join(' ').trim(),
      phone: formatPhoneInput(cells[phoneAt]!),
      count,
    });
  }
  return result;
}

/** Pasting one plain value (no line break, no separator) is ordinary typing, not a list. */
export function looksLikeList(text: string): boolean {
  return /\r?\n/.test(text.trim()) || /[\t;,]\s*\+?\d/.test(text);
}
