import { randomUUID } from 'node:crypto';
import type { CardThemeId, Event, PublicEventInfo } from '@ani/contract/events';
import { isBeforeTodayInIstanbul, istanbulDay } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { MediaApi } from '../media/media.public.ts';
import type { EventPatch, EventRow, EventsRepository } from './events.repository.ts';

const e = messages.events;

export type CreateEventData = {
  title: string;
  eventDate: Date;
  description: string | null;
  coverImage: string | null;
  isGalleryPublic: boolean;
  canAddPhotos: boolean;
  autoApprovePhotos: boolean;
};

export type UpdateEventData = { eventId: string; cardTheme?: CardThemeId } & Partial<CreateEventData>;

function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    eventId: row.id,
    title: row.title,
    eventDate: row.eventDate.toISOString(),
    description: row.description,
    coverImage: row.coverImage,
    isGalleryPublic: row.isGalleryPublic,
    canAddPhotos: row.canAddPhotos,
    autoApprovePhotos: row.autoApprovePhotos,
    cardTheme: (row.cardTheme as CardThemeId | null) ?? null,
    photoCount: row.photoCount,
    createdAt: row.createdAt.toISOString(),
  };
}

// A stranger gets 404, not 403: whether an event exists is private to its owner.
const notFound = () => new AppError(ErrorCode.NOT_FOUND, e.notFound);

export function createEventsService(deps: {
  eventsRepository: EventsRepository;
  access: OwnerAccess;
  media: Pick<MediaApi, 'deleteAllForEvent'>;
  onObjectsScheduled?: () => void;
}) {
  const repo = deps.eventsRepository;
  const owned = deps.access.event;

  return {
    async list(user: AuthUser): Promise<Event[]> {
      return (await repo.listByOwner(user.id)).map(toEvent);
    },

    async get(user: AuthUser, eventId: string): Promise<Event> {
      return toEvent(await owned(user, eventId));
    },

    async create(user: AuthUser, data: CreateEventData): Promise<Event> {
      const row = await repo.insert({
        id: randomUUID(),
        ownerId: user.id,
        title: data.title,
        eventDate: data.eventDate,
        description: data.description,
        coverImage: data.coverImage,
        isGalleryPublic: data.isGalleryPublic,
        canAddPhotos: data.canAddPhotos,
        autoApprovePhotos: data.autoApprovePhotos,
      });
      return toEvent(row);
    },

    async update(user: AuthUser, data: UpdateEventData): Promise<Event> {
      const current = await owned(user, data.eventId);
      // The settings screen re-sends the stored date; only a newly chosen day must not be in the past,
      // otherwise a finished wedding could never be closed for uploads.
      if (
        data.eventDate &&
        istanbulDay(data.eventDate) !== istanbulDay(current.eventDate) &&
        isBeforeTodayInIstanbul(data.eventDate)
      ) {
        throw new AppError(ErrorCode.VALIDATION, e.dateInPast);
      }
      const patch: EventPatch = {};
      if (data.title !== undefined) patch.title = data.title;
      if (data.eventDate !== undefined) patch.eventDate = data.eventDate;
      if (data.description !== undefined) patch.description = data.description;
      if (data.coverImage) patch.coverImage = data.coverImage;
      if (data.isGalleryPublic !== undefined) patch.isGalleryPublic = data.isGalleryPublic;
      if (data.canAddPhotos !== undefined) patch.canAddPhotos = data.canAddPhotos;
      if (data.autoApprovePhotos !== undefined) patch.autoApprovePhotos = data.autoApprovePhotos;
      if (data.cardTheme !== undefined) patch.cardTheme = data.cardTheme;
      const updated = await repo.updateOwned(data.eventId, user.id, patch);
      if (!updated) throw notFound();
      return toEvent(updated);
    },

    async remove(user: AuthUser, eventId: string): Promise<void> {
      // The event's items and the removal of their objects go in the same transaction as the event.
      if (!(await repo.deleteOwned(eventId, user.id, (tx) => deps.media.deleteAllForEvent(tx, eventId)))) throw notFound();
      deps.onObjectsScheduled?.();
    },

    /** The public upload page's view: nothing about the owner, the description or other settings. */
    async info(eventId: string): Promise<PublicEventInfo> {
      const row = await repo.findById(eventId);
      if (!row) throw notFound();
      return {
        title: row.title,
        eventDate: row.eventDate.toISOString(),
        coverImage: row.coverImage,
        photoCount: row.photoCount,
        canAddPhotos: row.canAddPhotos,
      };
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
