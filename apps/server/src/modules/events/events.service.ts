import { randomUUID } from 'node:crypto';
import type { CardThemeId, Event, PublicEventInfo } from '@ani/contract/events';
import { isNewPastDay, retentionEnd } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { MediaApi } from '../media/media.public.ts';
import type { WeddingsApi } from '../weddings/weddings.public.ts';
import type { WhatsappApi } from '../whatsapp/whatsapp.public.ts';
import { coverSetOf } from './cover-files.ts';
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

/** The album limits the owner sees their usage against (the server's upload bounds). */
export type EventQuota = { maxBytes: number; maxItems: number };

/** The spec's `coverImage` and the responsive `cover` pages render: the custom cover when one is set. */
function coverFields(row: EventRow): Pick<Event, 'coverImage' | 'cover'> {
  const cover = coverSetOf(row);
  return { coverImage: row.coverKey ? cover.src : row.coverImage, cover };
}

export function toEvent(row: EventRow, retentionMonths: number, quota: EventQuota): Event {
  return {
    id: row.id,
    eventId: row.id,
    title: row.title,
    eventDate: row.eventDate.toISOString(),
    description: row.description,
    ...coverFields(row),
    isGalleryPublic: row.isGalleryPublic,
    canAddPhotos: row.canAddPhotos,
    autoApprovePhotos: row.autoApprovePhotos,
    cardTheme: (row.cardTheme as CardThemeId | null) ?? null,
    photoCount: row.photoCount,
    pendingCount: row.pendingCount,
    usage: { bytes: row.bytesUsed, maxBytes: quota.maxBytes, maxItems: quota.maxItems },
    createdAt: row.createdAt.toISOString(),
    retainedUntil: retentionEnd(row.eventDate, retentionMonths).toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

// A stranger gets 404, not 403: whether an event exists is private to its owner.
const notFound = () => new AppError(ErrorCode.NOT_FOUND, e.notFound);

export function createEventsService(deps: {
  eventsRepository: EventsRepository;
  quota: EventQuota;
  access: OwnerAccess;
  media: Pick<MediaApi, 'deleteAllForEvent'>;
  weddings: Pick<WeddingsApi, 'releaseEvent'>;
  whatsapp: Pick<WhatsappApi, 'forgetWeddings'>;
  retentionMonths: number;
  onObjectsScheduled?: () => void;
}) {
  const repo = deps.eventsRepository;
  const view = (row: EventRow) => toEvent(row, deps.retentionMonths, deps.quota);
  const owned = deps.access.event;

  return {
    async list(user: AuthUser): Promise<Event[]> {
      return (await repo.listByOwner(user.id)).map(view);
    },

    async get(user: AuthUser, eventId: string): Promise<Event> {
      return view(await owned(user, eventId));
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
      return view(row);
    },

    async update(user: AuthUser, data: UpdateEventData): Promise<Event> {
      const current = await owned(user, data.eventId);
      // The settings screen re-sends the stored date, which may be past once the wedding is over.
      if (data.eventDate && isNewPastDay(data.eventDate, current.eventDate)) {
        throw new AppError(ErrorCode.VALIDATION, e.dateInPast);
      }
      const patch: EventPatch = {};
      if (data.title !== undefined) patch.title = data.title;
      if (data.eventDate !== undefined) patch.eventDate = data.eventDate;
      if (data.description !== undefined) patch.description = data.description;
      // A stock cover chosen here replaces a custom one too (and schedules its files' removal).
      if (data.coverImage)
        await repo.setCover(data.eventId, user.id, { coverImage: data.coverImage, custom: null });
      if (data.isGalleryPublic !== undefined) patch.isGalleryPublic = data.isGalleryPublic;
      // On an archived album uploads stay closed, whatever is asked (the repository sees to it).
      if (data.canAddPhotos !== undefined) patch.canAddPhotos = data.canAddPhotos;
      if (data.autoApprovePhotos !== undefined) patch.autoApprovePhotos = data.autoApprovePhotos;
      if (data.cardTheme !== undefined) patch.cardTheme = data.cardTheme;
      const updated = await repo.updateOwned(data.eventId, user.id, patch);
      if (!updated) throw notFound();
      return view(updated);
    },

    async remove(user: AuthUser, eventId: string): Promise<void> {
      // The event's items and the removal of their objects go in the same transaction as the event;
      // so do its wedding's stored files and the delivery reports no cascade reaches, since nothing
      // finds them once the wedding row has gone with the event (account deletion looks for them
      // through the weddings that are left).
      const deleted = await repo.deleteOwned(eventId, user.id, async (tx) => {
        await deps.media.deleteAllForEvent(tx, eventId);
        const weddingIds = await deps.weddings.releaseEvent(tx, eventId);
        await deps.whatsapp.forgetWeddings(tx, weddingIds);
      });
      if (!deleted) throw notFound();
      deps.onObjectsScheduled?.();
    },

    /** The public upload page's view: nothing about the owner, the description or other settings. */
    async info(eventId: string): Promise<PublicEventInfo> {
      const row = await repo.findById(eventId);
      if (!row) throw notFound();
      return {
        title: row.title,
        eventDate: row.eventDate.toISOString(),
        ...coverFields(row),
        photoCount: row.photoCount,
        canAddPhotos: row.canAddPhotos,
        autoApprovePhotos: row.autoApprovePhotos,
      };
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
