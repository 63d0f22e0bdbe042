import { istanbulDay } from '@ani/contract/events';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { paths } from '../../config/paths';

const e = messages.events;

export interface CreateEventForm {
  title: string;
  /** YYYY-MM-DD from the date input. */
  date: string;
  description: string;
}

export interface CreateEventError {
  field: keyof CreateEventForm;
  message: string;
  /** Toast title: "Geçersiz Tarih" for a past date, otherwise "Form Hatası". */
  toastTitle: string;
}

/** Today in Istanbul as YYYY-MM-DD, the date input's `min` (past days disabled). */
export function todayInIstanbul(now: Date = new Date()): string {
  return istanbulDay(now);
}

/** The create dialog's rules in a fixed order; the first broken one is reported. */
export function firstCreateEventError(
  form: CreateEventForm,
  now: Date = new Date(),
): CreateEventError | null {
  const title = form.title.trim();
  const formError = (field: keyof CreateEventForm, message: string) => ({
    field,
    message,
    toastTitle: e.formErrorTitle,
  });
  if (!title) return formError('title', e.titleRequired);
  if (title.length < limits.eventTitleMin) return formError('title', e.titleMin);
  if (title.length > limits.eventTitleMax) return formError('title', e.titleMax);
  if (!form.date) return formError('date', e.dateRequired);
  if (form.date < todayInIstanbul(now))
    return { field: 'date', message: e.dateInPast, toastTitle: e.invalidDateTitle };
  if (form.description.length > limits.eventDescriptionMax) return formError('description', e.descriptionMax);
  return null;
}

/**
 * The chosen day as an ISO string. Noon UTC is the same calendar day from UTC−11 to UTC+11, so neither
 * the server's Istanbul-day check nor any viewer's time zone moves it to a neighbouring day.
 */
export function eventDateIso(date: string): string {
  return `${date}T12:00:00.000Z`;
}

/** "<title> qr kod.png" without characters a file system refuses. */
export function qrFileName(title: string): string {
  const safe = [...title]
    .filter((ch) => ch.charCodeAt(0) >= 32 && !'\\/:*?"<>|'.includes(ch))
    .join('')
    .trim();
  return `${safe || 'etkinlik'} qr kod.png`;
}

/** A video tile shows its file extension ("MP4"). */
export function extensionOf(key: string): string {
  const last = key.split('/').pop() ?? '';
  return last.includes('.') ? last.split('.').pop()!.toUpperCase() : '';
}

/**
 * The event's own album opened on its "Onay Bekleyenler" tab (the album page reads `?view=pending`).
 * Not the dashboard's album, which always shows the latest event.
 */
export function pendingReviewPath(eventId: string): string {
  return `${paths.event(eventId)}?view=pending`;
}
