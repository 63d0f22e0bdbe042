import { useQuery } from '@tanstack/react-query';
import type { Event } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { formatLongDate } from './format-date';
import { meQuery } from './queries';

/**
 * "Albümünüz 12 Haziran 2028 tarihine kadar saklanacak", or "Arşivlendi" once the files are gone.
 * While the account's deletion waits out its grace period (`deletionScheduledAt`), the album goes on
 * that day with everything else, and the note says so instead of promising the year.
 */
export function retentionNote(
  event: Pick<Event, 'retainedUntil' | 'archivedAt'>,
  deletionScheduledAt: string | null = null,
): string {
  if (deletionScheduledAt)
    return messages.events.deletedWithAccount.replace('{tarih}', formatLongDate(deletionScheduledAt));
  if (event.archivedAt) return messages.events.archived;
  return messages.events.retainedUntil.replace('{tarih}', formatLongDate(event.retainedUntil));
}

/** What an archived album says in place of its photos. */
export function archivedAlbumText(event: Pick<Event, 'retainedUntil'>): string {
  return messages.events.archivedAlbum.replace('{tarih}', formatLongDate(event.retainedUntil));
}

/** When the signed-in host's confirmed account deletion takes effect, if one is pending. */
export function usePendingDeletion(): string | null {
  return useQuery(meQuery).data?.user.deletionScheduledAt ?? null;
}
