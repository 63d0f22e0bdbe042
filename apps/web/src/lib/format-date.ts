import { format } from 'date-fns';
import { tr } from 'date-fns/locale/tr';

// Not imported from the contract's events.ts: that module builds zod schemas on load, and the guest
// upload page (phones, poor signal) must not pay for zod just to print a date.
const istanbulDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Istanbul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Turkish long date ("5 Aralık 2026") of an event's date. The calendar day is taken in Istanbul, where
 * the server decides "today" too, so a host abroad sees the same day the guests do.
 */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const [y, m, d] = istanbulDayFormat.format(date).split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), 'd MMMM yyyy', { locale: tr });
}

/** Date and time for the lightbox's details panel ("5 Aralık 2026 14:05"). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, 'd MMMM yyyy HH:mm', { locale: tr });
}

/** Byte counts as people read them in Turkish ("1,5 MB"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 100 ? 0 : 1;
  return `${value.toLocaleString('tr-TR', { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${units[unit]}`;
}
