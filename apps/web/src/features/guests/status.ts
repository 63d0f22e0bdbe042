import { clearsGuestCount, updateGuestInput, type Guest, type GuestStatus } from '@ani/contract/guests';
import { messages } from '@ani/contract/messages';

export const statusLabels = messages.guests.statusLabels;

/** The editor offers three; "ulaşılamayan" is set by failed delivery, never chosen by hand. */
export const editableStatuses = [
  'katılacak',
  'belirsiz',
  'katılamayacak',
] as const satisfies readonly GuestStatus[];

/** Badge text as the list shows it (upper-cased the Turkish way: "KATILACAK", "ULAŞILAMAYAN"). */
export const statusBadge: Record<GuestStatus, { text: string; className: string }> = {
  katılacak: { text: 'KATILACAK', className: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300' },
  belirsiz: { text: 'BELİRSİZ', className: 'bg-amber-500/15 text-amber-700 dark:text-amber-300' },
  katılamayacak: { text: 'GELMEYECEK', className: 'bg-red-500/15 text-red-700 dark:text-red-300' },
  ulaşılamayan: { text: 'ULAŞILAMAYAN', className: 'bg-stone-500/20 text-stone-700 dark:text-stone-300' },
};

export interface EditDraft {
  status: GuestStatus;
  guestCount: string;
}

/**
 * Picking belirsiz or katılamayacak clears the count and locks its input. Picking katılacak with no
 * count yet starts from the people the guest was invited with (`expected`): a guest who comes is not
 * 0 people, and the cards count what is saved.
 */
export function applyStatus(draft: EditDraft, status: GuestStatus, expected: number): EditDraft {
  if (clearsGuestCount(status)) return { status, guestCount: '' };
  const none = draft.guestCount.trim() === '' || Number(draft.guestCount) === 0;
  return { status, guestCount: none ? String(expected) : draft.guestCount };
}

export function countLocked(status: GuestStatus): boolean {
  return clearsGuestCount(status);
}

/**
 * The edit's count by the server's own rule (a whole number up to 100), or the Turkish reason it cannot
 * be saved: a typo then stays on the row instead of failing the save. A guest who comes is at least one
 * person, so "Katılacak" with a blank or 0 count is refused here, though the server would store it as 0.
 */
export function draftCount(draft: EditDraft): { count: number } | { error: string } {
  if (countLocked(draft.status)) return { count: 0 };
  const checked = updateGuestInput.shape.guestCount.safeParse(draft.guestCount);
  if (!checked.success) return { error: checked.error.issues[0]!.message };
  return checked.data < 1 ? { error: messages.guests.attendingCountMin } : { count: checked.data };
}

const plainLetters: Record<string, string> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
  â: 'a',
  î: 'i',
  û: 'u',
};

/**
 * A name as search compares it: lower case the Turkish way ("İ"/"i", "I"/"ı"), then without the
 * Turkish marks, since a phone's keyboard often types "celik" for "Çelik" and "ismail" for "İsmail".
 */
function searchForm(text: string): string {
  return text.toLocaleLowerCase('tr-TR').replace(/[çğıöşüâîû]/g, (c) => plainLetters[c]!);
}

/** Search by name (with or without Turkish letters, any case) or phone (spaces ignored). */
export function matchesGuest(guest: Pick<Guest, 'name' | 'phone'>, query: string): boolean {
  const q = searchForm(query.trim());
  if (!q) return true;
  if (searchForm(guest.name).includes(q)) return true;
  const digits = q.replace(/\D/g, '');
  return digits.length > 0 && guest.phone.replace(/\D/g, '').includes(digits);
}
