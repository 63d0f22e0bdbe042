// The WhatsApp invitation's wording, built in one place: the server fills the approved template's
// body parameters from it and stores the same text for the conversation view, and the dashboard
// previews exactly that text. Runtime-neutral (no Intl): the month names are fixed, so the server
// and every browser write the date the same way.
import { messages } from './messages.ts';

const turkishMonths = [
  'Ocak',
  'Şubat',
  'Mart',
  'Nisan',
  'Mayıs',
  'Haziran',
  'Temmuz',
  'Ağustos',
  'Eylül',
  'Ekim',
  'Kasım',
  'Aralık',
] as const;

/** A calendar day "2027-06-12" in Turkish long form: "12 Haziran 2027". */
export function turkishLongDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? turkishMonths[Number(match[2]) - 1] : undefined;
  if (!match || !month) return isoDate;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

export type InvitationWedding = {
  brideName: string;
  groomName: string;
  /** Calendar day, YYYY-MM-DD. */
  weddingDate: string;
  /** HH:MM. */
  weddingTime: string;
  venueName: string;
};

/** The template's body parameters in order: name, couple, date, time, venue. */
export function invitationParameters(
  wedding: InvitationWedding,
  guestName: string,
): [string, string, string, string, string] {
  return [
    guestName,
    `${wedding.brideName} & ${wedding.groomName}`,
    turkishLongDate(wedding.weddingDate),
    wedding.weddingTime,
    wedding.venueName,
  ];
}

/** The invitation as the guest reads it. */
export function invitationText(wedding: InvitationWedding, guestName: string): string {
  const [name, couple, date, time, venue] = invitationParameters(wedding, guestName);
  // Replacer functions: a name such as "A$&B" is text, not a replacement pattern.
  return messages.whatsapp.invitationBody
    .replace('{name}', () => name)
    .replace('{couple}', () => couple)
    .replace('{date}', () => date)
    .replace('{time}', () => time)
    .replace('{venue}', () => venue);
}
