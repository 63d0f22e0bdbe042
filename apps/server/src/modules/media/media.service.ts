import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import type { MediaItem, UploadResponse } from '@ani/contract/media';
import { formatMessage } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { zipFileName } from '@ani/contract/text';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { UrlSigner } from '../../http/signed-urls.ts';
import { MEDIA_ROUTE_PREFIX as mediaRoutePrefix } from '../../storage/local-disk-storage.ts';
import { isValidObjectKey, newObjectKey, type Storage } from '../../storage/storage.ts';
import { ImageRejectedError, inspectImage } from './derive-images.ts';
import type { EventsApi } from '../events/events.public.ts';
import {
  UploadCommitError,
  type MediaRepository,
  type MediaRow,
  type NewMediaRow,
  type PhotoCounter,
} from './media.repository.ts';
import { receiveUpload, type UploadLimits, type UploadPart } from './upload-receiver.ts';
import { createAlbumZip, type AlbumZip } from './zip-stream.ts';

const m = messages.media;
const u = messages.upload;

/** Signed media URLs live one hour: long enough for an album visit, short enough not to be a share link. */
const mediaUrlTtlSeconds = 60 * 60;
/** The download link only has to be opened at once by the phone's browser; the stream may then run for hours. */
const downloadLinkTtlSeconds = 5 * 60;
/** Objects of an upload that never committed (process crash) are removed after this delay. */
const sweepDelayMs = 60 * 60 * 1000;

const notFound = () => new AppError(ErrorCode.NOT_FOUND, messages.events.notFound);

type Cursor = { seq: number };
function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`v1:${cursor.seq}`).toString('base64url');
}
function decodeCursor(token: string): Cursor {
  const match = /^v1:(\d{1,15})$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match) throw new AppError(ErrorCode.VALIDATION, m.invalidCursor);
  return { seq: Number(match[1]) };
}

/** Where an event's originals (and, beside them, their derived images) are stored. */
const eventKeyPrefix = (eventId: string) => `events/${eventId}`;

function downloadPath(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/download`;
}

export function createMediaService(deps: {
  repository: MediaRepository;
  events: Pick<EventsApi, 'findById' | 'addPhotos' | 'removePhotos'>;
  access: OwnerAccess;
  storage: Storage;
  signer: UrlSigner;
  tempRoot: string;
  onJobsEnqueued: () => void;
  uploadLimits?: UploadLimits;
}) {
  const { repository: repo, storage } = deps;

  const ownedEvent = deps.access.event;
  const photoCounter: PhotoCounter = { add: deps.events.addPhotos, remove: deps.events.removePhotos };

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
      metadata: { uploader: row.uploader, uploadDate: row.uploadedAt.toISOString(), note: row.note },
    };
  }

  return {
    /** Checked before the body is read: an unknown event or closed uploads fail without receiving bytes. */
    async assertUploadOpen(eventId: string): Promise<void> {
      const event = await deps.events.findById(eventId);
      if (!event) throw notFound();
      if (!event.canAddPhotos) throw new AppError(ErrorCode.FORBIDDEN, u.closed);
    },

    async upload(eventId: string, parts: AsyncIterable<UploadPart>): Promise<UploadResponse> {
      const received = await receiveUpload(parts, { tempRoot: deps.tempRoot, limits: deps.uploadLimits });
      const keys: string[] = [];
      try {
        // A decompression bomb is refused from its header, before anything is stored or decoded.
        for (const file of received.files) {
          if (file.media.type !== 'image') continue;
          try {
            await inspectImage(file.tempPath);
          } catch (error) {
            if (!(error instanceof ImageRejectedError)) throw error;
            if (error.reason === 'too-large') throw new AppError(ErrorCode.VALIDATION, u.imageTooLarge);
            // HEIC headers are read by the WebAssembly decoder later; sharp may not parse them.
            if (!file.media.needsHeicDecoder) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, u.imageUnreadable);
          }
        }
        const uploadedAt = new Date();
        const rows: NewMediaRow[] = received.files.map((file) => {
          const key = newObjectKey(eventKeyPrefix(eventId), file.media.ext);
          keys.push(key);
          return {
            id: randomUUID(),
            eventId,
            objectKey: key,
            originalName: file.originalName,
            type: file.media.type,
            mimeType: file.media.mime,
            size: file.size,
            sha256: file.sha256,
            uploader: received.uploader,
            note: received.note,
            uploadedAt,
          };
        });
        // If the process dies after storing objects but before the commit, this job removes them.
        const sweepJobId = await repo.scheduleSweep(keys, new Date(Date.now() + sweepDelayMs));
        let committed: MediaRow[];
        try {
          for (const [i, file] of received.files.entries()) {
            // Local disk moves the temp file into place (no second write); other stores stream it.
            if (storage.putFile) await storage.putFile(keys[i]!, file.tempPath);
            else await storage.put(keys[i]!, createReadStream(file.tempPath));
          }
          committed = await repo.commitUpload(eventId, rows, sweepJobId, photoCounter);
        } catch (error) {
          await Promise.allSettled(keys.map((key) => storage.delete(key)));
          if (error instanceof UploadCommitError) {
            throw error.reason === 'closed' ? new AppError(ErrorCode.FORBIDDEN, u.closed) : notFound();
          }
          throw error;
        }
        deps.onJobsEnqueued();
        return {
          success: true,
          message: formatMessage(u.success, { n: committed.length }),
          uploaded: committed.map((row) => ({
            id: row.id,
            key: row.objectKey,
            thumbnailUrl: null,
            type: row.type,
            mimeType: row.mimeType,
            size: row.size,
            width: row.width,
            height: row.height,
            processed: false,
            metadata: { uploader: row.uploader, uploadDate: row.uploadedAt.toISOString(), note: row.note },
          })),
        };
      } finally {
        await rm(received.dir, { recursive: true, force: true });
      }
    },

    async listPhotos(
      user: AuthUser,
      eventId: string,
      query: { page: number; limit: number; nextToken?: string; thumbnail: boolean },
    ) {
      const event = await ownedEvent(user, eventId);
      const cursor = query.nextToken ? decodeCursor(query.nextToken) : null;
      // One extra row tells whether another page exists without counting.
      const rows = await repo.listPage(eventId, {
        limit: query.limit + 1,
        beforeSeq: cursor?.seq,
        offset: (query.page - 1) * query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const nextToken = rows.length > query.limit && last ? encodeCursor({ seq: last.seq }) : null;
      const photos = await Promise.all(page.map((row) => toItem(row, query.thumbnail ? 'thumbnail' : 'preview')));
      return {
        success: true as const,
        photos,
        nextToken,
        pagination: {
          nextToken,
          page: query.page,
          limit: query.limit,
          totalPages: Math.ceil(event.photoCount / query.limit),
        },
        photoCount: event.photoCount,
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

    /**
     * Media bytes for a signed URL: the signature covers the path, the expiry and any download name
     * or content type, so a tampered or expired link gets 403 and nothing else.
     */
    async openSignedMedia(key: string, query: Record<string, string | undefined>) {
      if (!isValidObjectKey(key) || !deps.signer.verify(`${mediaRoutePrefix}${key}`, query)) {
        throw new AppError(ErrorCode.FORBIDDEN, m.linkInvalid);
      }
      const stat = await storage.stat(key);
      if (!stat) throw new AppError(ErrorCode.NOT_FOUND, m.photoNotFound);
      return {
        size: stat.size,
        mtime: stat.mtime,
        // The size is known: a whole-file range spares the store a second stat per request.
        open: (range?: { start: number; end: number }) =>
          storage.get(key, range ?? (stat.size > 0 ? { start: 0, end: stat.size - 1 } : undefined)),
      };
    },

    /** For the phone's download manager: a link that works without the Bearer header for a few minutes. */
    async downloadLink(user: AuthUser, eventId: string): Promise<string> {
      await ownedEvent(user, eventId);
      return deps.signer.sign(downloadPath(eventId), {}, downloadLinkTtlSeconds);
    },

    /** Owner by Bearer token, or anyone holding a valid signed download link. */
    async albumArchive(
      access: { user: AuthUser | null; signedQuery: Record<string, string | undefined> | null },
      eventId: string,
    ): Promise<{ zip: AlbumZip; fileName: string }> {
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
      const rows = await repo.listAll(eventId);
      if (rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, m.noPhotos);
      const zip = await createAlbumZip(
        rows.map((row) => ({
          open: () => storage.get(row.objectKey),
          size: row.size,
          extension: row.objectKey.split('.').pop() ?? 'bin',
          uploader: row.uploader,
          uploadedAt: row.uploadedAt,
          note: row.note,
        })),
        { header: m.notesHeader, fileName: m.notesFileName },
      );
      return { zip, fileName: zipFileName(title) };
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
