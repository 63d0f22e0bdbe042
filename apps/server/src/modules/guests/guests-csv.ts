import type { Guest } from '@ani/contract/guests';
import { messages } from '@ani/contract/messages';
import { excelCsv } from '../../http/excel-csv.ts';

const g = messages.guests;

/**
 * "+905321234567" → "0532 123 45 67", the way numbers are written in Türkiye: readable on paper, and
 * Excel keeps it as text (a bare "+90…" would be read as a formula or as 9.05E+11).
 */
export function printablePhone(e164: string): string {
  const m = /^\+90(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164);
  return m ? `0${m[1]} ${m[2]} ${m[3]} ${m[4]}` : e164;
}

/** The host's printable guest list: one row per guest, the Turkish labels of the screen. */
export function guestListCsv(list: Guest[]): string {
  return excelCsv([
    g.csvHeader,
    ...list.map((guest) => [
      guest.index,
      guest.name,
      printablePhone(guest.phone),
      g.statusLabels[guest.status],
      guest.guestCount,
      guest.expectedGuestCount,
      g.invitationLabels[guest.invitationStatus ?? 'none'],
    ]),
  ]);
}
