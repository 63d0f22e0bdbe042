import { Readable } from 'node:stream';
import type { CreateWeddingData, WeddingInfo } from '@ani/contract/weddings';
import { isNewPastDay } from '@ani/contract/events';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { turkishFold } from '@ani/contract/text';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import { newObjectKey, type Storage } from '../../storage/storage.ts';
import { prepareInvitationImage } from './invitation-image.ts';
import type { EventsApi } from '../events/events.public.ts';
import type { WeddingRow, WeddingsRepository } from './weddings.repository.ts';

const w = messages.weddings;

// Long enough for a dashboard session; the web app asks /weddings/info again for a fresh one.
const imageUrlSeconds = 24 * 60 * 60;

/** The instant of a wedding: its date and time in Türkiye (UTC+3 all year since 2016). */
function weddingInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+03:00`);
}

/** An event title from the couple's names ("Elif & Can Düğünü"), within the events page's length rule. */
function coupleTitle(data: { brideName: string; groomName: string }): string {
  const title = `${data.brideName} & ${data.groomName} Düğünü`.replace(/\s+/g, ' ');
  return title.length <= limits.eventTitleMax ? title : title.slice(0, limits.eventTitleMax).trimEnd();
}

export function createWeddingsService(deps: {
  repository: WeddingsRepository;
  events: Pick<EventsApi, 'createForWedding' | 'lockOwned' | 'retitle' | 'ownedIds' | 'findOwned'>;
  storage: Storage;
}) {
  const { repository, storage } = deps;

  /**
   * The username in the query or body must be the signed-in host's own ("Ad Soyad", Turkish
   * case-insensitive). Anything else answers "not found": another host's name is not confirmed.
   */
  function assertOwnUsername(user: AuthUser, username: string) {
    if (turkishFold(username) !== turkishFold(user.username)) {
      throw new AppError(ErrorCode.NOT_FOUND, w.usernameNotFound);
    }
  }

  async function latestWedding(user: AuthUser, username: string): Promise<WeddingRow> {
    assertOwnUsername(user, username);
    const wedding = await repository.findLatestByOwner(user.id);
    if (!wedding) throw new AppError(ErrorCode.NOT_FOUND, w.notFound);
    return wedding;
  }

  /**
   * A wedding's day becomes its event's, and an event whose day is past its retention is archived
   * and closed for uploads for good: a past day is refused, as the events page refuses it. Attached
   * to an event that already has that day (a host catching up after the wedding), it is kept.
   */
  async function assertNotPast(user: AuthUser, eventDate: Date, eventId: string | undefined) {
    if (!isNewPastDay(eventDate)) return;
    const existing = eventId ? await deps.events.findOwned(eventId, user.id) : null;
    if (isNewPastDay(eventDate, existing?.eventDate ?? null))
      throw new AppError(ErrorCode.VALIDATION, w.dateInPast);
  }

  async function imageUrl(key: string | null): Promise<string | null> {
    return key
      ? storage.signedUrl(key, { expiresInSeconds: imageUrlSeconds, contentType: 'image/jpeg' })
      : null;
  }

  return {
    async create(user: AuthUser, data: CreateWeddingData) {
      assertOwnUsername(user, data.username);
      const { username: _username, title, eventId: givenEventId, ...wedding } = data;
      const eventDate = weddingInstant(data.weddingDate, data.weddingTime);
      await assertNotPast(user, eventDate, givenEventId);
      let eventId = givenEventId;
      if (!eventId && title === undefined) {
        // The LCV body names no event: the host's single event without a wedding is the one meant
        // (made earlier on the events page). With none, or several to choose from, a new one is made.
        const owned = await deps.events.ownedIds(user.id);
        const taken = await repository.eventIdsWithWedding(owned);
        const free = owned.filter((id) => !taken.has(id));
        if (free.length === 1) eventId = free[0];
      }
      if (!eventId) {
        return repository.createEventWithWedding(
          { ownerId: user.id, title: title ?? coupleTitle(data), eventDate, wedding },
          deps.events,
        );
      }
      const attached = await repository.attachWeddingToEvent(
        { ownerId: user.id, eventId, title, eventDate, wedding },
        deps.events,
      );
      // Someone else's event answers like a missing one: its existence is private.
      if (attached === 'event-not-found') throw new AppError(ErrorCode.NOT_FOUND, w.eventNotFound);
      if (attached === 'has-wedding') throw new AppError(ErrorCode.CONFLICT, w.eventHasWedding);
      return attached;
    },

    async info(user: AuthUser, username: string): Promise<WeddingInfo> {
      const row = await latestWedding(user, username);
      return {
        weddingId: row.id,
        eventId: row.eventId,
        invitationImagePath: await imageUrl(row.invitationImageKey),
        guestListApproved: row.guestListApproved,
        venueName: row.venueName,
        venueLocation: row.venueLocation,
        brideName: row.brideName,
        brideSurname: row.brideSurname,
        groomName: row.groomName,
        groomSurname: row.groomSurname,
        weddingDate: row.weddingDate,
        weddingTime: row.weddingTime,
        capacity: row.capacity,
      };
    },

    /** Checks ownership before the route reads the upload, so a stranger's bytes are never stored. */
    async assertCanUpload(user: AuthUser, username: string): Promise<void> {
      await latestWedding(user, username);
    },

    async uploadInvitationImage(user: AuthUser, username: string, bytes: Buffer): Promise<string> {
      const wedding = await latestWedding(user, username);
      if (bytes.length === 0) throw new AppError(ErrorCode.VALIDATION, w.fileMissing);
      if (bytes.length >= limits.invitationImageMaxBytes)
        throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, w.imageTooLarge);
      const prepared = await prepareInvitationImage(bytes);
      if (!prepared.ok) {
        switch (prepared.reason) {
          case 'not-image':
            throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, w.imageOnly);
          case 'other-format':
            throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, w.imageFormats);
          case 'too-many-pixels':
            throw new AppError(ErrorCode.VALIDATION, w.imageTooManyPixels);
          case 'unreadable':
            throw new AppError(ErrorCode.VALIDATION, w.imageUnreadable);
        }
      }
      const key = newObjectKey(`weddings/${wedding.id}`, 'jpg');
      await storage.put(key, Readable.from(prepared.bytes));
      let previous: string | null | 'gone';
      try {
        previous = await repository.setInvitationImage(wedding.id, key);
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      // The event (and its wedding) was deleted while the image was being written: no row will name it.
      if (previous === 'gone') {
        await storage.delete(key).catch(() => undefined);
        throw new AppError(ErrorCode.NOT_FOUND, w.notFound);
      }
      // Best effort: a leftover old image costs bytes, not correctness.
      if (previous && previous !== key) await storage.delete(previous).catch(() => undefined);
      return (await imageUrl(key))!;
    },
  };
}

export type WeddingsService = ReturnType<typeof createWeddingsService>;
