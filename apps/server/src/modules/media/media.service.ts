import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { crc32 } from 'node:zlib';
import type { MediaItem, MediaType, UploadResponse } from '@ani/contract/media';
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
  DuplicateMediaError,
  UploadCommitError,
  type MediaRepository,
  type MediaRow,
  type NewMediaRow,
  type PhotoCounter,
} from './media.repository.ts';
import {
  inspectFile,
  receiveUpload,
  type ReceivedFile,
  type UploadCaps,
  type UploadLimits,
  type UploadPart,
} from './upload-receiver.ts';
import type { DetectedMedia } from './detect-media-type.ts';
import type { Budget } from '../../http/rate-limit.ts';
import type { UploadBounds } from '../../config.ts';
import { diskHeadroom } from '../../storage/disk-space.ts';
import { limits } from '@ani/contract/limits';
import { isobmffComplete, probeVideo, videoLimits } from './media-tools.ts';
import { albumArchive, type AlbumArchive } from './zip-stream.ts';
import { decodeCursor, encodeCursor } from './album-cursor.ts';

const m = messages.media;
const u = messages.upload;

/** Signed media URLs live one hour: long enough for an album visit, short enough not to be a share link. */
const mediaUrlTtlSeconds = 60 * 60;
/** The download link only has to be opened at once by the phone's browser; the stream may then run for hours. */
const downloadLinkTtlSeconds = 5 * 60;
/** Objects of an upload that never committed (process crash) are removed after this delay. */
const sweepDelayMs = 60 * 60 * 1000;
/** Items removed per round of a purge: bounded memory whatever the album's size. */
const purgeBatchSize = 200;

const notFound = () => new AppError(ErrorCode.NOT_FOUND, messages.events.notFound);
const quotaBytesFull = () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, u.quotaBytes);
const quotaItemsFull = () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, u.quotaItems);
const diskLow = () => new AppError(ErrorCode.INSUFFICIENT_STORAGE, u.diskFull);
/**
 * The declared Content-Length also counts the multipart framing and the text fields; an upload is
 * refused from it only when it is over by more than that, the exact file bytes are counted anyway.
 */
const framingAllowance = 64 * 1024;

/** Who sent an upload's files: the name and note they typed, and their phone's guest id when known. */
export type UploadAuthor = { uploader: string; note: string | null; guestId: string | null };

/** What an accepted request may still bring, and how to undo its reservation if it fails. */
export type UploadTicket = { caps: UploadCaps; refund: () => Promise<void> };

/** Where an event's originals (and, beside them, their derived images) are stored. */
const eventKeyPrefix = (eventId: string) => `events/${eventId}`;

/** Query parameter of a download (signed or Bearer) that includes items awaiting approval. */
export const includePendingParam = 'pending';

function downloadPath(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/download`;
}

export function createMediaService(deps: {
  repository: MediaRepository;
  events: Pick<EventsApi, 'findById' | 'addPhotos' | 'removePhotos' | 'approvePhotos'>;
  access: OwnerAccess;
  storage: Storage;
  signer: UrlSigner;
  tempRoot: string;
  onJobsEnqueued: () => void;
  /** Metrics: files and bytes of each committed upload. */
  onStored?: (files: number, bytes: number) => void;
  uploadLimits?: UploadLimits;
  bounds: UploadBounds;
  /** Bytes uploaded per client IP and hour. */
  ipBytes: Budget;
  /** The directory whose file system holds temp uploads, local media and the embedded database. */
  dataDir: string;
  ffprobeCommand?: string;
}) {
  const { repository: repo, storage } = deps;

  const ownedEvent = deps.access.event;
  const photoCounter: PhotoCounter = {
    add: deps.events.addPhotos,
    remove: deps.events.removePhotos,
    approve: deps.events.approvePhotos,
  };

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

  /**
   * The checks every received file passes before it is stored, whichever path brought it: a
   * decompression bomb is refused from its header before anything is decoded, a HEIC cut off in
   * transfer is refused now (not found broken by the decoder later), and a video only passes when
   * ffprobe can read it within the limits the poster and the players can cope with (an 8192×8192
   * clip of a few kB would cost gigabytes to decode). Images first, then videos: the cheap checks
   * decide before any ffprobe runs.
   */
  async function checkFiles(files: ReceivedFile[]): Promise<void> {
    for (const file of files) {
      if (file.media.type !== 'image') continue;
      if (file.media.needsHeicDecoder && !(await isobmffComplete(file.tempPath))) {
        throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, u.imageUnreadable);
      }
      try {
        await inspectImage(file.tempPath);
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        if (error.reason === 'too-large') throw new AppError(ErrorCode.VALIDATION, u.imageTooLarge);
        // HEIC headers are read by the WebAssembly decoder later; sharp may not parse them.
        if (!file.media.needsHeicDecoder)
          throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, u.imageUnreadable);
      }
    }
    for (const file of files) {
      if (file.media.type !== 'video') continue;
      const verdict = await probeVideo(file.tempPath, deps.ffprobeCommand);
      if (verdict === 'unreadable') throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, u.videoUnreadable);
      if (verdict === 'too-large') {
        throw new AppError(
          ErrorCode.VALIDATION,
          formatMessage(u.videoTooLarge, {
            width: videoLimits.maxWidth,
            height: videoLimits.maxHeight,
            minutes: Math.round(videoLimits.maxDurationSeconds / 60),
          }),
        );
      }
    }
  }

  /**
   * Stores checked files and commits their rows, their count (the quota is part of the count's
   * UPDATE) and their derivation jobs in one transaction; on any failure nothing stays stored.
   * `refuseDuplicates`: bytes this album already holds are not stored again (DuplicateMediaError).
   */
  async function storeAndCommit(
    eventId: string,
    files: ReceivedFile[],
    author: UploadAuthor,
    options: { refuseDuplicates?: boolean } = {},
  ): Promise<MediaRow[]> {
    const uploadedAt = new Date();
    const keys: string[] = [];
    const rows: NewMediaRow[] = files.map((file) => {
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
        crc32: file.crc32,
        uploader: author.uploader,
        note: author.note,
        guestId: author.guestId,
        uploadedAt,
      };
    });
    // If the process dies after storing objects but before the commit, this job removes them.
    const sweepJobId = await repo.scheduleSweep(keys, new Date(Date.now() + sweepDelayMs));
    let committed: MediaRow[];
    try {
      for (const [i, file] of files.entries()) {
        // Local disk moves the temp file into place (no second write); other stores stream it.
        if (storage.putFile) await storage.putFile(keys[i]!, file.tempPath);
        else await storage.put(keys[i]!, createReadStream(file.tempPath));
      }
      committed = await repo.commitUpload(eventId, rows, sweepJobId, photoCounter, {
        quota: { bytes: deps.bounds.eventQuotaBytes, items: deps.bounds.eventQuotaItems },
        refuseDuplicates: options.refuseDuplicates ?? false,
      });
    } catch (error) {
      await Promise.allSettled(keys.map((key) => storage.delete(key)));
      if (error instanceof UploadCommitError) {
        if (error.reason === 'closed') throw new AppError(ErrorCode.FORBIDDEN, u.closed);
        if (error.reason === 'quota-bytes') throw quotaBytesFull();
        if (error.reason === 'quota-items') throw quotaItemsFull();
        throw notFound();
      }
      throw error;
    }
    deps.onJobsEnqueued();
    deps.onStored?.(
      committed.length,
      committed.reduce((sum, row) => sum + row.size, 0),
    );
    return committed;
  }

  async function receiveAndCommit(
    eventId: string,
    parts: AsyncIterable<UploadPart>,
    caps: UploadCaps,
    guestId: string | null,
  ): Promise<UploadResponse> {
    const received = await receiveUpload(parts, { tempRoot: deps.tempRoot, limits: deps.uploadLimits, caps });
    try {
      await checkFiles(received.files);
      const committed = await storeAndCommit(eventId, received.files, { ...received, guestId });
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
          status: row.status,
          unreadable: false,
          metadata: { uploader: row.uploader, uploadDate: row.uploadedAt.toISOString(), note: row.note },
        })),
      };
    } finally {
      await rm(received.dir, { recursive: true, force: true });
    }
  }

  return {
    /**
     * Checked before the body is read: an unknown event, closed uploads, a full album, a disk at its
     * floor or a client past its hourly bytes fail without receiving a byte. The declared size is
     * reserved from the client's hourly budget at once (so parallel requests cannot all pass), and
     * given back if the upload fails.
     */
    async openUpload(
      eventId: string,
      client: { ip: string; declaredBytes: number | null },
    ): Promise<UploadTicket> {
      const event = await deps.events.findById(eventId);
      if (!event) throw notFound();
      if (!event.canAddPhotos) throw new AppError(ErrorCode.FORBIDDEN, u.closed);
      const { bounds } = deps;
      // Items awaiting approval hold their place in the quota (decision 0100).
      const itemsLeft = bounds.eventQuotaItems - event.photoCount - event.pendingCount;
      const bytesLeft = bounds.eventQuotaBytes - event.bytesUsed;
      const declared = client.declaredBytes;
      if (itemsLeft <= 0) throw quotaItemsFull();
      if (bytesLeft <= 0 || (declared !== null && declared - framingAllowance > bytesLeft))
        throw quotaBytesFull();
      const headroom = await diskHeadroom(deps.dataDir, bounds.minFreeDiskBytes);
      if (headroom <= 0 || (declared !== null && declared - framingAllowance > headroom)) throw diskLow();
      const reserved = declared ?? limits.maxUploadBytes;
      await deps.ipBytes.take(client.ip, reserved, u.ipBudget);
      return {
        caps: {
          bytes: [
            { max: bytesLeft, error: quotaBytesFull },
            { max: headroom, error: diskLow },
          ],
          items: { max: itemsLeft, error: quotaItemsFull },
        },
        refund: () => deps.ipBytes.giveBack(client.ip, reserved),
      };
    },

    async upload(
      eventId: string,
      parts: AsyncIterable<UploadPart>,
      ticket: UploadTicket,
      /** The phone a valid guest token names, so the guest finds the upload in "my uploads". */
      guestId: string | null = null,
    ): Promise<UploadResponse> {
      try {
        return await receiveAndCommit(eventId, parts, ticket.caps, guestId);
      } catch (error) {
        await ticket.refund();
        throw error;
      }
    },

    /** Gives back bytes a submission had reserved from the address's hourly budget (a refused file). */
    giveBackBytes: (ip: string, bytes: number) => deps.ipBytes.giveBack(ip, bytes),

    /**
     * One file that arrived whole by another path (a finished tus upload): the same checks and the
     * same commit as a multipart upload's files, one file at a time. Bytes this album already holds
     * are not stored again (`duplicate`, naming the item that holds them). A refusal throws an
     * AppError whose message says why in Turkish. The file is moved into storage when accepted;
     * otherwise it stays where it was for the caller to remove.
     */
    async commitFile(input: {
      eventId: string;
      filePath: string;
      originalName: string | null;
      author: UploadAuthor;
      /** Decides, once the bytes' type is known, whether one more of this kind still fits (throws if not). */
      admit?: (media: DetectedMedia) => Promise<void>;
    }): Promise<{ outcome: 'accepted' | 'duplicate'; mediaId: string; type: MediaType }> {
      const file = await inspectFile(input.filePath, input.originalName);
      const existing = await repo.findBySha256(input.eventId, file.sha256);
      if (existing) return { outcome: 'duplicate', mediaId: existing.id, type: existing.type };
      await input.admit?.(file.media);
      await checkFiles([file]);
      try {
        const [row] = await storeAndCommit(input.eventId, [file], input.author, { refuseDuplicates: true });
        return { outcome: 'accepted', mediaId: row!.id, type: row!.type };
      } catch (error) {
        // The same bytes were committed by another upload since the look-up above.
        if (error instanceof DuplicateMediaError)
          return { outcome: 'duplicate', mediaId: error.existingId, type: file.media.type };
        throw error;
      }
    },

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

    /** Everything one guest uploaded under their name, for a guest who asks the host to erase it. */
    async deleteUploader(user: AuthUser, eventId: string, uploader: string) {
      await ownedEvent(user, eventId);
      const ids = await repo.idsByUploader(eventId, uploader);
      if (ids.length === 0) throw new AppError(ErrorCode.NOT_FOUND, m.uploaderNotFound);
      const deleted: string[] = [];
      let photoCount = 0;
      // Bounded transactions however prolific the guest was.
      for (let i = 0; i < ids.length; i += 500) {
        const result = await repo.deleteItems(eventId, ids.slice(i, i + 500), photoCounter);
        deleted.push(...result.deleted.map((row) => row.id));
        photoCount = result.photoCount;
      }
      deps.onJobsEnqueued();
      return {
        success: true as const,
        message: deleted.length === 1 ? m.deletedOne : formatMessage(m.deletedMany, { n: deleted.length }),
        deleted,
        notFound: [],
        currentPhotoCount: photoCount,
      };
    },

    /**
     * The file behind a signed media URL: the signature covers the path, the expiry and any download
     * name or content type, so a tampered or expired link gets 403 and nothing else. No file system
     * call here: whoever sends the file learns whether it exists from its one stat.
     */
    signedMediaPath(key: string, query: Record<string, string | undefined>): string {
      if (!isValidObjectKey(key) || !deps.signer.verify(`${mediaRoutePrefix}${key}`, query)) {
        throw new AppError(ErrorCode.FORBIDDEN, m.linkInvalid);
      }
      // Only local disk issues /api/media links; any other store hands out its own URLs.
      if (!storage.localPath) throw new AppError(ErrorCode.NOT_FOUND, m.photoNotFound);
      return storage.localPath(key);
    },

    /** For the phone's download manager: a link that works without the Bearer header for a few minutes. */
    /**
     * Removes every item of an event, files before rows, a batch at a time: after a crash the job runs
     * again and continues with what is left (deleting a missing file is not an error).
     */
    async purgeEvent(eventId: string): Promise<number> {
      let removed = 0;
      for (;;) {
        const batch = await repo.purgeBatch(eventId, purgeBatchSize);
        if (batch.ids.length === 0) {
          await repo.forgetLive(eventId);
          return removed;
        }
        for (const key of batch.keys) await storage.delete(key);
        await repo.deletePurged(eventId, batch.ids);
        removed += batch.ids.length;
      }
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

    /** The signature covers the choice: a link without pending items cannot be turned into one with them. */
    async downloadLink(
      user: AuthUser,
      eventId: string,
      options: { includePending: boolean },
    ): Promise<string> {
      await ownedEvent(user, eventId);
      const params: Record<string, string> = options.includePending ? { [includePendingParam]: '1' } : {};
      return deps.signer.sign(downloadPath(eventId), params, downloadLinkTtlSeconds);
    },

    /** Owner by Bearer token, or anyone holding a valid signed download link. */
    async albumArchive(
      access: {
        user: AuthUser | null;
        signedQuery: Record<string, string | undefined> | null;
        /** Bearer downloads: whether to include items awaiting approval. */
        includePending: boolean;
      },
      eventId: string,
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
export type MediaService = ReturnType<typeof createMediaService>;
