import type { MyUpload, MyUploadsResponse } from '@ani/contract/uploads';
import type { WallItem, WallLinkResponse, WallResponse } from '@ani/contract/live';
import { istanbulDay } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { uploadPagePath } from '@ani/contract/upload-page';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { GuestTokens } from '../../http/guest-tokens.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { UrlSigner } from '../../http/signed-urls.ts';
import type { Storage } from '../../storage/storage.ts';
import type { EventRow, EventsApi } from '../events/events.public.ts';
import { decodeCursor, encodeCursor } from './album-cursor.ts';
import type { LiveKind, LiveRepository } from './live.repository.ts';
import type { MediaRepository, MediaRow, PhotoCounter } from './media.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A wall link works for at least this long after it is made (decision 0102). */
const wallLinkMinMs = 3 * DAY_MS;
/**
 * The wall's signed media URLs last a whole night at the venue: a wall never has to re-fetch its
 * list to keep showing what it has. (A wall left on longer re-reads its list on reconnect.)
 */
const wallMediaTtlSeconds = 12 * 60 * 60;
/** Log rows read per query while a stream catches up. */
const liveBatch = 100;
/** A guest's own list; a phone uploading more than this in one event sees its newest ones. */
const myUploadsLimit = 500;

/**
 * What the signed wall token covers: one event's wall in one link generation, nothing else the signer
 * signs. Generation 0 keeps the scope of the links made before they could be renewed, so those stay valid.
 */
const wallScope = (eventId: string, version: number) =>
  version === 0 ? `wall:${eventId}` : `wall:${eventId}:${version}`;

/**
 * A wall token's parts: `<exp>.<sig>` (generation 0) or `<exp>.<sig>.<generation>`; null when it has
 * neither shape. A generation is written one way only ("1", never "01"), so one link has one token.
 */
function wallTokenParts(token: string): { exp: string; sig: string; version: number } | null {
  const [exp, sig, version, extra] = token.split('.');
  if (exp === undefined || sig === undefined || extra !== undefined) return null;
  if (version === undefined) return { exp, sig, version: 0 };
  return /^[1-9]\d{0,8}$/.test(version) ? { exp, sig, version: Number(version) } : null;
}

/** A wall cursor; the owner's album cursor has no live position and is no wall cursor. */
function wallCursor(token: string): { seq: number; position: number } {
  const { seq, position } = decodeCursor(token);
  if (position === undefined) throw new AppError(ErrorCode.VALIDATION, messages.media.invalidCursor);
  return { seq, position };
}

/** Who opens a wall or its stream: the owner, or anyone holding the event's wall link. */
export type WallAccess = { user: AuthUser | null; wallToken: string | undefined };

export type LiveMessage = { id: number; kind: LiveKind; data: WallItem | { id: string } };

export function createLiveService(deps: {
  repository: MediaRepository;
  /** The wall's pages and its log. */
  liveRepository: LiveRepository;
  events: Pick<EventsApi, 'findById' | 'renewWallLink'>;
  access: OwnerAccess;
  signer: UrlSigner;
  storage: Storage;
  guestTokens: GuestTokens;
  counter: PhotoCounter;
  publicUrl: string;
  clock: () => Date;
  onJobsEnqueued: () => void;
}) {
  const { repository: repo, liveRepository: liveRepo, storage } = deps;
  const sign = (key: string) => storage.signedUrl(key, { expiresInSeconds: wallMediaTtlSeconds });

  async function wallItem(row: MediaRow): Promise<WallItem> {
    const [url, posterUrl] = await Promise.all([
      sign(row.type === 'video' ? row.objectKey : (row.previewKey ?? row.objectKey)),
      row.thumbnailKey ? sign(row.thumbnailKey) : Promise.resolve(null),
    ]);
    return {
      id: row.id,
      type: row.type,
      url,
      posterUrl,
      width: row.width,
      height: row.height,
      uploader: row.uploader,
      note: row.note,
      uploadedAt: row.uploadedAt.toISOString(),
    };
  }

  /**
   * The owner by Bearer token, or a valid wall token of this very event and its current link
   * generation; anyone else 401/403/404.
   */
  async function wallEvent(access: WallAccess, eventId: string): Promise<EventRow> {
    if (access.wallToken !== undefined) {
      const parts = wallTokenParts(access.wallToken);
      if (
        !parts ||
        !deps.signer.verify(wallScope(eventId, parts.version), { exp: parts.exp, sig: parts.sig })
      )
        throw new AppError(ErrorCode.FORBIDDEN, messages.wall.linkInvalid);
      // Only a link whose signature holds gets this far, so only its holder learns the event is gone
      // (404, where a forged or expired link stays 403): the wall then says so instead of asking for
      // a new link that cannot exist. Likewise only a genuine link learns that it was renewed.
      const event = await deps.events.findById(eventId);
      if (!event) throw new AppError(ErrorCode.NOT_FOUND, messages.wall.eventGone);
      if (event.wallLinkVersion !== parts.version)
        throw new AppError(ErrorCode.FORBIDDEN, messages.wall.linkRenewed);
      return event;
    }
    if (!access.user) throw new AppError(ErrorCode.UNAUTHORIZED, messages.auth.loginRequired);
    return deps.access.event(access.user, eventId);
  }

  /** The phone a guest token names, or 404: a stranger learns nothing about the event or its items. */
  function guestOf(eventId: string, token: string | undefined): string {
    const guestId = deps.guestTokens.verify(eventId, token);
    if (!guestId) throw new AppError(ErrorCode.NOT_FOUND, messages.myUploads.notFound);
    return guestId;
  }

  /**
   * A link for the venue's screen in the given link generation, valid until the end of the day after
   * the event (Istanbul time) and at least three days: long enough for the night and the morning
   * after, without a session.
   */
  function signWallLink(event: EventRow, version: number): WallLinkResponse {
    const now = deps.clock().getTime();
    const dayAfterEnds = new Date(`${istanbulDay(event.eventDate)}T00:00:00+03:00`).getTime() + 2 * DAY_MS;
    const expiresAt = Math.max(now + wallLinkMinMs, dayAfterEnds);
    const signed = deps.signer.sign(wallScope(event.id, version), {}, Math.ceil((expiresAt - now) / 1000));
    const query = new URLSearchParams(signed.slice(signed.indexOf('?') + 1));
    const token = [query.get('exp'), query.get('sig'), ...(version === 0 ? [] : [version])].join('.');
    return {
      success: true,
      url: `/events/${encodeURIComponent(event.id)}/wall?wall=${encodeURIComponent(token)}`,
      token,
      expiresAt: new Date(Number(query.get('exp')) * 1000).toISOString(),
    };
  }

  return {
    /** The owner's wall link, in the event's current link generation. */
    async wallLink(user: AuthUser, eventId: string): Promise<WallLinkResponse> {
      const event = await deps.access.event(user, eventId);
      return signWallLink(event, event.wallLinkVersion);
    },

    /**
     * The owner renews the wall link: every link made before stops working (their open streams are
     * ended by the caller), and a link of the new generation is answered with the generation itself.
     */
    async renewWallLink(
      user: AuthUser,
      eventId: string,
    ): Promise<{ link: WallLinkResponse; version: number }> {
      const event = await deps.access.event(user, eventId);
      const version = await deps.events.renewWallLink(eventId);
      // Deleted between the owner check and the renewal: the same answer as a missing event.
      if (version === null) throw new AppError(ErrorCode.NOT_FOUND, messages.events.notFound);
      // Walls of the old generation on every instance are woken, find their link renewed and close.
      await liveRepo.wakeWalls(eventId);
      return { link: signWallLink(event, version), version };
    },

    /**
     * One page of the wall, newest first. The first page and its live position come from one snapshot;
     * a later page (`nextToken`) continues below the previous one and answers the first page's position,
     * so a walk over the whole album never moves where the stream starts.
     */
    async wall(
      access: WallAccess,
      eventId: string,
      query: { limit: number; nextToken?: string },
    ): Promise<WallResponse> {
      const event = await wallEvent(access, eventId);
      const cursor = query.nextToken === undefined ? null : wallCursor(query.nextToken);
      // One extra row tells whether another page exists without counting.
      const limit = query.limit + 1;
      // An archived album's files are gone: its wall is empty.
      const { rows, lastEventId } = event.archivedAt
        ? { rows: [], lastEventId: cursor?.position ?? (await liveRepo.liveHead(eventId)) }
        : cursor
          ? { rows: await liveRepo.wallPageBefore(eventId, cursor.seq, limit), lastEventId: cursor.position }
          : await liveRepo.wallFirstPage(eventId, limit);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        success: true,
        title: event.title,
        uploadUrl: deps.publicUrl + uploadPagePath(event),
        autoApprovePhotos: event.autoApprovePhotos,
        items: await Promise.all(page.map(wallItem)),
        nextToken:
          rows.length > query.limit && last ? encodeCursor({ seq: last.seq, position: lastEventId }) : null,
        lastEventId: String(lastEventId),
      };
    },

    /**
     * Checks who opens the stream; answers the log position it starts after, and until when the
     * access lasts: a wall link's stream ends when the link does (its reconnect is then refused),
     * or a screen left on, or a copied link, would go on receiving photos long after.
     */
    async openStream(
      access: WallAccess,
      eventId: string,
      lastEventId: string | undefined,
    ): Promise<{ position: number; closesAt: Date | null; linkVersion: number | null }> {
      const event = await wallEvent(access, eventId);
      const given = lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : null;
      const closesAt =
        access.wallToken === undefined ? null : new Date(Number(access.wallToken.split('.')[0]) * 1000);
      // A wall link's stream belongs to the link's generation (the one just checked equal to the
      // event's); the owner's stream to none, and no renewal ends it.
      const linkVersion = access.wallToken === undefined ? null : event.wallLinkVersion;
      return { position: given ?? (await liveRepo.liveHead(eventId)), closesAt, linkVersion };
    },

    /**
     * Whether a stream may go on: its event still exists (a deleted event's walls are closed) and,
     * for a wall link's stream, the link was not renewed since.
     */
    async streamAllowed(eventId: string, linkVersion: number | null): Promise<boolean> {
      const event = await deps.events.findById(eventId);
      return event !== null && (linkVersion === null || event.wallLinkVersion === linkVersion);
    },

    /**
     * The stream's next messages after `position`, oldest first. A `photo` whose item is gone or
     * no longer showable is skipped (its `removed` follows), but its id still advances the position.
     */
    async liveSince(
      eventId: string,
      position: number,
    ): Promise<{ messages: LiveMessage[]; next: number; more: boolean }> {
      const rows = await liveRepo.liveSince(eventId, position, liveBatch);
      const out: LiveMessage[] = [];
      for (const row of rows) {
        if (row.kind === 'removed') out.push({ id: row.id, kind: row.kind, data: { id: row.mediaId } });
        else if (row.item) out.push({ id: row.id, kind: row.kind, data: await wallItem(row.item) });
      }
      return { messages: out, next: rows.at(-1)?.id ?? position, more: rows.length === liveBatch };
    },

    /** A guest's own uploads to this event, as their phone (its token) uploaded them. */
    async myUploads(eventId: string, token: string | undefined): Promise<MyUploadsResponse> {
      const guestId = guestOf(eventId, token);
      const event = await deps.events.findById(eventId);
      if (!event) throw new AppError(ErrorCode.NOT_FOUND, messages.myUploads.notFound);
      const rows = event.archivedAt ? [] : await repo.listByGuest(eventId, guestId, myUploadsLimit);
      const shared = await repo.sentByOthersToo(rows.map((r) => r.id));
      const uploads = await Promise.all(
        rows.map(async (row): Promise<MyUpload> => ({
          id: row.id,
          name: row.originalName,
          type: row.type,
          size: row.size,
          uploadedAt: row.uploadedAt.toISOString(),
          state: row.processingState === 'pending' ? 'processing' : row.status,
          thumbnailUrl: row.thumbnailKey ? await sign(row.thumbnailKey) : null,
          sentByOthersToo: shared.has(row.id),
        })),
      );
      return { success: true, uploads, canDelete: event.canAddPhotos && !event.archivedAt };
    },

    /**
     * A guest takes back one of their own uploads while uploads are open: counts, the walls and the
     * stored objects follow in the deletion's transaction. An item another phone sent too passes to
     * that guest instead and stays. Anything not this phone's is 404.
     */
    async deleteMyUpload(eventId: string, photoId: string, token: string | undefined) {
      const guestId = guestOf(eventId, token);
      const event = await deps.events.findById(eventId);
      const own = event ? await repo.findById(photoId) : null;
      if (!event || !own || own.eventId !== eventId || own.guestId !== guestId)
        throw new AppError(ErrorCode.NOT_FOUND, messages.myUploads.notFound);
      if (!event.canAddPhotos || event.archivedAt)
        throw new AppError(ErrorCode.FORBIDDEN, messages.myUploads.closed);
      // Bytes another phone sent too stay in the album as that guest's; otherwise the item goes.
      if (await repo.handOver(eventId, own.id, guestId))
        return { success: true as const, message: messages.myUploads.handedOver };
      const { deleted } = await repo.deleteItems(eventId, [own.id], deps.counter, guestId);
      if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND, messages.myUploads.notFound);
      deps.onJobsEnqueued();
      return { success: true as const, message: messages.myUploads.deleted };
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
