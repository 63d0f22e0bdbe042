import type { Event } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { formatLongDate } from './format-date';

/** "Albümünüz 12 Haziran 2028 tarihine kadar saklanacak", or "Arşivlendi" once the files are gone. */
export function retentionNote(event: Pick<Event, 'retainedUntil' | 'archivedAt'>): string {
  if (event.archivedAt) return messages.events.archived;
  return messages.events.retainedUntil.replace('{tarih}', formatLongDate(event.retainedUntil));
}

/** What an archived album says in place of its photos. */
export function archivedAlbumText(event: Pick<Event, 'retainedUntil'>): string {
  return messages.events.archivedAlbum.replace('{tarih}', formatLongDate(event.retainedUntil));
}
