import { Readable } from 'node:stream';
import type { Event } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import { isValidObjectKey, type Storage } from '../../storage/storage.ts';
import { CoverSourceError, type CoverImages, type MediaApi } from '../media/media.public.ts';
import { coverKeyOf, coverObjectKeys } from './cover-files.ts';
import type { EventRow, EventsRepository } from './events.repository.ts';

const c = messages.cover;

/** Files written for a cover whose row never named them (a crash between) are removed after this. */
const sweepDelayMs = 60 * 60 * 1000;

const contentTypes = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;

/** A refusal from the media module's decoders, worded for the couple. */
function refusal(error: CoverSourceError): AppError {
  switch (error.reason) {
    case 'photo-not-found':
      return new AppError(ErrorCode.NOT_FOUND, c.photoNotFound);
    case 'not-image':
      return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, c.imageOnly);
    case 'photo-is-video':
      return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, c.photoNotImage);
    case 'photo-pending':
      return new AppError(ErrorCode.CONFLICT, c.photoPending);
    case 'too-big':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, c.tooLarge);
    case 'too-many-pixels':
      return new AppError(ErrorCode.VALIDATION, c.tooManyPixels);
    case 'unreadable':
      return new AppError(ErrorCode.VALIDATION, c.unreadable);
    case 'busy':
      return new AppError(ErrorCode.UNAVAILABLE, c.busy);
  }
}

/**
 * The couple's own cover: made from an album photo or an uploaded image by the media module's
 * decoders, stored as responsive files under `covers/<eventId>/`, served publicly (the guest page
 * has no session) under a name that changes with the content, so caches may keep it for a year.
 */
export function createCoversService(deps: {
  repository: EventsRepository;
  access: OwnerAccess;
  media: Pick<MediaApi, 'coverFromPhoto' | 'coverFromUpload'>;
  storage: Storage;
  view: (row: EventRow) => Event;
  onObjectsScheduled?: () => void;
}) {
  const { repository: repo, storage } = deps;

  async function make(work: () => Promise<CoverImages>): Promise<CoverImages> {
    try {
      return await work();
    } catch (error) {
      throw error instanceof CoverSourceError ? refusal(error) : error;
    }
  }

  /** Writes the files, then lets the row name them; files the row never names are removed. */
  async function store(user: AuthUser, eventId: string, images: CoverImages): Promise<Event> {
    const custom = { coverKey: coverKeyOf(eventId, images.version), coverWidths: images.widths };
    const keys = coverObjectKeys(custom);
    const sweepJobId = await repo.scheduleCoverSweep(keys, new Date(Date.now() + sweepDelayMs));
    for (const file of images.files) {
      await storage.put(`${custom.coverKey}-${file.width}.${file.format}`, Readable.from([file.bytes]));
    }
    const row = await repo.setCover(eventId, user.id, { custom, sweepJobId });
    // Deleted (or never theirs) meanwhile: the sweep job still holds the keys and removes them.
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, messages.events.notFound);
    deps.onObjectsScheduled?.();
    return deps.view(row);
  }

  async function ownedOpen(user: AuthUser, eventId: string): Promise<void> {
    const event = await deps.access.event(user, eventId);
    // An archived album's files are gone; a cover made now would outlive the removal.
    if (event.archivedAt) throw new AppError(ErrorCode.FORBIDDEN, c.archived);
  }

  return {
    /** Before a byte of an upload is read: a stranger's or an archived event's upload is never stored. */
    assertCanUpload: ownedOpen,

    /** A stock cover again (the custom one's files go), or a photo of the album as the cover. */
    async set(
      user: AuthUser,
      eventId: string,
      input: { coverImage?: string; photoId?: string },
    ): Promise<Event> {
      if (input.coverImage) {
        await deps.access.event(user, eventId);
        const row = await repo.setCover(eventId, user.id, { coverImage: input.coverImage, custom: null });
        if (!row) throw new AppError(ErrorCode.NOT_FOUND, messages.events.notFound);
        deps.onObjectsScheduled?.();
        return deps.view(row);
      }
      await ownedOpen(user, eventId);
      const images = await make(() => deps.media.coverFromPhoto(eventId, input.photoId!));
      return store(user, eventId, images);
    },

    async upload(user: AuthUser, eventId: string, file: Readable & { truncated?: boolean }): Promise<Event> {
      const images = await make(() => deps.media.coverFromUpload(file));
      return store(user, eventId, images);
    },

    /**
     * The stored object behind a public cover URL. No database read: a cover's files exist exactly
     * while its row names them (replaced ones are removed), and the name is the content's hash.
     */
    async file(eventId: string, file: string): Promise<{ key: string; contentType: string; size: number }> {
      const key = `covers/${eventId}/${file}`;
      const notFound = () => new AppError(ErrorCode.NOT_FOUND, c.notFound);
      if (!isValidObjectKey(key)) throw notFound();
      const stat = await storage.stat(key);
      if (!stat) throw notFound();
      const ext = file.slice(file.lastIndexOf('.') + 1) as keyof typeof contentTypes;
      return { key, contentType: contentTypes[ext], size: stat.size };
    },
    open: (key: string) => storage.get(key),
  };
}

export type CoversService = ReturnType<typeof createCoversService>;
