import type { Guest } from '@ani/contract/guests';
import { messages } from '@ani/contract/messages';

const g = messages.guests;

// Turkish Excel uses ";" as its list separator (the decimal separator is ","), so a ";" file opens in
// columns there with a double click; the BOM tells it the file is UTF-8 (ç, ğ, ı, İ, ş intact).
const separator = ';';

/**
 * "+905321234567" → "0532 123 45 67", the way numbers are written in Türkiye: readable on paper, and
 * Excel keeps it as text (a bare "+90…" would be read as a formula or as 9.05E+11).
 */
export function printablePhone(e164: string): string {
  const m = /^\+90(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164);
  return m ? `0${m[1]} ${m[2]} ${m[3]} ${m[4]}` : e164;
}

function cell(value: string | number): string {
  let text = String(value);
  // A text cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function guestListCsv(list: Guest[]): string {
  const lines = [g.csvHeader.map(cell).join(separator)];
  for (const guest of list) {
    lines.push(
      [
        guest.index,
        guest.name,
        printablePhone(guest.phone),
        g.statusLabels[guest.status],
        guest.guestCount,
        guest.expectedGuestCount,
        g.invitationLabels[guest.invitationStatus ?? 'none'],
      ]
        .map(cell)
        .join(separator),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
