/**
 * The album as its owner sees it: the photo list (pages, filters by approval), one item, deletes
 * (one by one or all of a guest's), approvals, the ZIP download and its signed links, and the file
 * behind a signed media URL. Removing a whole album (retention, account deletion) is album-purge.ts.
 *
 * Separate from upload.service.ts, which brings guests' files in: the album only reads, approves
 * and removes what the upload pipeline committed.
 */
import { crc32 } from 'node:zlib';
import type { MediaItem } from '@ani/contract/media';
import { formatMessage } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { zipFileName } from '@ani/contract/text';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { UrlSigner } from '../../http/signed-urls.ts';
import { MEDIA_ROUTE_PREFIX as mediaRoutePrefix } from '../../storage/local-disk-storage.ts';
import { isValidObjectKey, type Storage } from '../../storage/storage.ts';
import type { EventsApi } from '../events/events.public.ts';
import type { MediaRepository, MediaRow, PhotoCounter } from './media.repository.ts';
import { albumArchive, type AlbumArchive } from './zip-stream.ts';
import { decodeCursor, encodeCursor } from './album-cursor.ts';
import { eventKeyPrefix } from './upload.service.ts';

const m = messages.media;

/** Signed media URLs live one hour: long enough for an album visit, short enough not to be a share link. */
const mediaUrlTtlSeconds = 60 * 60;
/** The download link only has to be opened at once by the phone's browser; the stream may then run for hours. */
const downloadLinkTtlSeconds = 5 * 60;
/** Items one transaction of a guest's erasure deletes at most. */
const eraseBatch = 500;

const notFound = () => new AppError(ErrorCode.NOT_FOUND, messages.events.notFound);

/** Query parameter of a download (signed or Bearer) that includes items awaiting approval. */
export const includePendingParam = 'pending';

function downloadPath(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/download`;
}

export function createAlbumService(deps: {
  repository: MediaRepository;
  events: Pick<EventsApi, 'findById'>;
  /** The event's counts: deletes and approvals change them in their own transaction. */
  counter: PhotoCounter;
  access: OwnerAccess;
  storage: Storage;
  signer: UrlSigner;
  onJobsEnqueued: () => void;
}) {
  const { repository: repo, storage, counter: photoCounter } = deps;

  const ownedEvent = deps.access.event;

  const sign = (key: string) => storage.signedUrl(key, { expiresInSeconds: mediaUrlTtlSeconds });

  async function toItem(row: MediaRow, view: 'thumbnail' | 'preview' | 'original'): Promise<MediaItem> {
    const derived = view === 'thumbnail' ? row.thumbnailKey : view === 'preview' ? row.previewKey : null;
    // Videos play from the original; until derived images exist, images show the original too.
    const urlKey = row.type === 'video' ? row.objectKey : (derived ?? row.objectKey);
    const [url, originalUrl, thumbnailUrl] = await Promise.all([
      sign(urlKey),
      sign(row.objectKey),
      row.thumbnailKey ? sign(row.thumbnailKey) : Promise.resolve(null),
    ]);
    return {
      id: row.id,
      key: row.objectKey,
      url,
      originalUrl,
      thumbnailUrl,
      type: row.type,
      mimeType: row.mimeType,
      size: row.size,
      width: row.width,
      height: row.height,
      processed: row.processingState !== 'pending',
      status: row.status,
      unreadable: row.type === 'image' && row.processingState === 'failed',
      metadata: { uploader: row.uploader, uploadDate: row.uploadedAt.toISOString(), note: row.note },
    };
  }

  /** Rows from before uploads recorded a CRC get it once, from their stored bytes. */
  async function recordCrc32(row: MediaRow): Promise<number | null> {
    let crc = 0;
    try {
      for await (const chunk of await storage.get(row.objectKey)) crc = crc32(chunk as Buffer, crc);
    } catch {
      // Unreadable now: the archive stops at this entry, as for any original lost mid-download.
      return null;
    }
    await repo.setCrc32(row.id, crc);
    return crc;
  }

  return {
    async listPhotos(
      user: AuthUser,
      eventId: string,
      query: {
        page: number;
        limit: number;
        nextToken?: string;
        thumbnail: boolean;
        status: 'all' | 'pending' | 'approved';
      },
    ) {
      const event = await ownedEvent(user, eventId);
      // An archived album's files are gone (or going): it lists nothing, whatever rows a purge has left.
      if (event.archivedAt) {
        const pagination = { nextToken: null, page: query.page, limit: query.limit, totalPages: 0 };
        return {
          success: true as const,
          photos: [],
          nextToken: null,
          pagination,
          photoCount: event.photoCount,
          pendingCount: 0,
        };
      }
      const status = query.status === 'all' ? undefined : query.status;
      const cursor = query.nextToken ? decodeCursor(query.nextToken) : null;
      // One extra row tells whether another page exists without counting.
      const rows = await repo.listPage(eventId, {
        limit: query.limit + 1,
        beforeSeq: cursor?.seq,
        offset: (query.page - 1) * query.limit,
        status,
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const nextToken = rows.length > query.limit && last ? encodeCursor({ seq: last.seq }) : null;
      const photos = await Promise.all(
        page.map((row) => toItem(row, query.thumbnail ? 'thumbnail' : 'preview')),
      );
      return {
        success: true as const,
        photos,
        nextToken,
        pagination: {
          nextToken,
          page: query.page,
          limit: query.limit,
          totalPages: Math.ceil(
            (status === 'pending'
              ? event.pendingCount
              : status === 'approved'
                ? event.photoCount
                : event.photoCount + event.pendingCount) / query.limit,
          ),
        },
        photoCount: event.photoCount,
        pendingCount: event.pendingCount,
      };
    },

    async getPhoto(user: AuthUser, eventId: string, fileName: string): Promise<MediaItem> {
      await ownedEvent(user, eventId);
      const row = /^[a-z0-9-]+\.[a-z0-9]+$/.test(fileName)
        ? await repo.findByKey(eventId, `${eventKeyPrefix(eventId)}/${fileName}`)
        : null;
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, m.photoNotFound);
      return toItem(row, 'original');
    },

    async deletePhotos(user: AuthUser, eventId: string, photoIds: string[]) {
      await ownedEvent(user, eventId);
      const ids = [...new Set(photoIds)];
      const { deleted, photoCount } = await repo.deleteItems(eventId, ids, photoCounter);
      deps.onJobsEnqueued();
      const matched = new Set(deleted.flatMap((row) => [row.id, row.objectKey]));
      return {
        success: true as const,
        message: deleted.length === 1 ? m.deletedOne : formatMessage(m.deletedMany, { n: deleted.length }),
        deleted: deleted.map((row) => row.id),
        notFound: ids.filter((id) => !matched.has(id)),
        currentPhotoCount: photoCount,
      };
    },

    /** "Ben onaylarım": the owner lets pending items into the album (and onto the wall). */
    async approvePhotos(user: AuthUser, eventId: string, photoIds: string[]) {
      await ownedEvent(user, eventId);
      const ids = [...new Set(photoIds)];
      const { approved, photoCount, pendingCount } = await repo.approveItems(eventId, ids, photoCounter);
      // None of them is in this album (deleted meanwhile, say): "0 approved" would read as a success.
      // Items approved before still count as found, so approving twice stays a success.
      if (approved.length === 0) throw new AppError(ErrorCode.NOT_FOUND, messages.approval.notFound);
      const matched = new Set(approved.flatMap((row) => [row.id, row.objectKey]));
      return {
        success: true as const,
        message:
          approved.length === 1
            ? messages.approval.approvedOne
            : formatMessage(messages.approval.approvedMany, { n: approved.length }),
        approved: approved.map((row) => row.id),
        notFound: ids.filter((id) => !matched.has(id)),
        currentPhotoCount: photoCount,
        pendingCount,
      };
    },

    /**
     * Everything one guest uploaded under their name, for a guest who asks the host to erase it: the
     * items that carry it, and the name and note it left on items whose bytes another guest sent
     * first (those items stay, with their own guest, and leave nothing behind to pass to this name).
     * Not found only when the name is nowhere in the album.
     */
    async deleteUploader(user: AuthUser, eventId: string, uploader: string) {
      await ownedEvent(user, eventId);
      const deleted: string[] = [];
      let coUploads = 0;
      let photoCount: number;
      // Bounded transactions however prolific the guest was.
      let full: boolean;
      do {
        const step = await repo.eraseUploaderStep(eventId, uploader, photoCounter, eraseBatch);
        deleted.push(...step.deleted.map((row) => row.id));
        coUploads += step.coUploads;
        photoCount = step.photoCount;
        full = step.deleted.length === eraseBatch;
      } while (full);
      if (deleted.length === 0 && coUploads === 0)
        throw new AppError(ErrorCode.NOT_FOUND, m.uploaderNotFound);
      deps.onJobsEnqueued();
      return {
        success: true as const,
        // Counts the items that left the album, which is what `deleted` lists; when only copies of
        // other guests' photos went, nothing left it, and "0 adet" would read as a failure.
        message:
          deleted.length === 0
            ? m.uploaderCopiesErased
            : deleted.length === 1
              ? m.deletedOne
              : formatMessage(m.deletedMany, { n: deleted.length }),
        deleted,
        notFound: [],
        currentPhotoCount: photoCount,
      };
    },

    /**
     * Checks a signed media URL: the signature covers the path, the expiry and any download name or
     * content type, so a tampered or expired link gets 403 and nothing else. No file system call
     * here: whoever sends the file learns whether it exists from its one stat.
     */
    checkMediaLink(key: string, query: Record<string, string | undefined>): void {
      if (!isValidObjectKey(key) || !deps.signer.verify(`${mediaRoutePrefix}${key}`, query)) {
        throw new AppError(ErrorCode.FORBIDDEN, m.linkInvalid);
      }
      // Only local disk issues /api/media links; any other store hands out its own URLs.
      if (!storage.localPath) throw new AppError(ErrorCode.NOT_FOUND, m.photoNotFound);
    },

    /** The file behind a checked media link (asked only by answers that read the disk). */
    mediaFile(key: string): string {
      if (!storage.localPath) throw new AppError(ErrorCode.NOT_FOUND, m.photoNotFound);
      return storage.localPath(key);
    },

    /**
     * A signed ZIP link for e-mails (retention warnings, data exports, the morning-after summary); no
     * session needed to open it. Items awaiting approval only when asked for, signed like `downloadLink`'s.
     */
    albumDownloadUrl(
      eventId: string,
      ttlSeconds: number,
      options: { includePending?: boolean } = {},
    ): string {
      const params: Record<string, string> = options.includePending ? { [includePendingParam]: '1' } : {};
      return deps.signer.sign(downloadPath(eventId), params, ttlSeconds);
    },

    /**
     * For the phone's download manager: a link that works without the Bearer header for a few minutes.
     * The signature covers the choice: a link without pending items cannot be turned into one with them.
     */
    async downloadLink(
      user: AuthUser,
      eventId: string,
      options: { includePending: boolean },
    ): Promise<string> {
      await ownedEvent(user, eventId);
      const params: Record<string, string> = options.includePending ? { [includePendingParam]: '1' } : {};
      return deps.signer.sign(downloadPath(eventId), params, downloadLinkTtlSeconds);
    },

    /**
     * Owner by Bearer token, or anyone holding a valid signed download link. `admit` runs once the
     * caller may have the archive and before its rows are read: where a download takes its place
     * among those running (it may throw to refuse), so a refused stranger never holds one.
     */
    async albumArchive(
      access: {
        user: AuthUser | null;
        signedQuery: Record<string, string | undefined> | null;
        /** Bearer downloads: whether to include items awaiting approval. */
        includePending: boolean;
      },
      eventId: string,
      admit: () => void = () => undefined,
    ): Promise<{ archive: AlbumArchive; fileName: string }> {
      let title: string;
      if (access.signedQuery && deps.signer.verify(downloadPath(eventId), access.signedQuery)) {
        const event = await deps.events.findById(eventId);
        if (!event) throw notFound();
        title = event.title;
      } else if (access.signedQuery) {
        throw new AppError(ErrorCode.FORBIDDEN, m.linkInvalid);
      } else {
        if (!access.user) throw new AppError(ErrorCode.UNAUTHORIZED, messages.auth.loginRequired);
        title = (await ownedEvent(access.user, eventId)).title;
      }
      // Items awaiting approval only when the owner asked for them (a signed link says so in its
      // signed query); the archive's ETag names its entries, so the two choices never share one.
      const includePending = access.signedQuery
        ? access.signedQuery[includePendingParam] === '1'
        : access.includePending;
      admit();
      const rows = await repo.listAll(eventId, { includePending });
      if (rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, m.noPhotos);
      // One file at a time: only rows from before CRCs were recorded are read here, once.
      for (const row of rows) if (row.crc32 === null) row.crc32 = await recordCrc32(row);
      const archive = albumArchive(
        rows.map((row) => ({
          open: (range?: { start: number; end: number }) => storage.get(row.objectKey, range),
          file: storage.localPath?.(row.objectKey),
          size: row.size,
          crc32: row.crc32 ?? 0,
          extension: row.objectKey.split('.').pop() ?? 'bin',
          uploader: row.uploader,
          uploadedAt: row.uploadedAt,
          note: row.note,
        })),
        { header: m.notesHeader, fileName: m.notesFileName },
      );
      return { archive, fileName: zipFileName(title) };
    },
  };
}
export type AlbumService = ReturnType<typeof createAlbumService>;
