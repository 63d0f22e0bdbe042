import type { Db, Tx } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { createCoverSource } from './cover-source.ts';
import type { HeicDecoder } from './heic-decoder.ts';
import { createMediaRepository } from './media.repository.ts';
import { createMediaRetentionRepository } from './media.retention.repository.ts';
import type { UploadService } from './upload.service.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';

/**
 * What the resumable upload path asks of this module (made by registerMediaModule, wired in app.ts):
 * the multipart path's checks before a byte (event, closed uploads, album quota, disk floor, the
 * address's hourly bytes, reserved at once), and its commit of each file that arrived whole.
 */
export type MediaUploadsApi = Pick<
  UploadService,
  'checkUpload' | 'checkBytesLeft' | 'spendBytes' | 'commitFile' | 'checkType'
> & {
  /** The guest upload requests per address (shared with the multipart path). */
  requestLimiter: RateLimiter;
};

export { CoverSourceError } from './cover-source.ts';
export { coverJpegWidth, type CoverImages } from './derive-images.ts';

/** What other modules may ask of the media module, the only one that touches the `media` table. */
export function createMediaApi(db: Db, deps: { storage: Storage; heic: HeicDecoder; tempRoot: string }) {
  const repo = createMediaRepository(db);
  const retentionRepo = createMediaRetentionRepository(db);
  const covers = createCoverSource({ repository: repo, ...deps });
  return {
    /**
     * Deletes every item of an event, in the caller's transaction (the event's own deletion), and
     * schedules the removal of their stored objects. Answers how many items there were.
     */
    deleteAllForEvent: (tx: Tx, eventId: string) => retentionRepo.deleteAllForEvent(tx, eventId),
    /** A cover's files from one image of this event's album; throws `CoverSourceError`. */
    coverFromPhoto: covers.fromPhoto,
    /** A cover's files from an uploaded image stream; throws `CoverSourceError`. */
    coverFromUpload: covers.fromUpload,
    /**
     * What an event's guests shared (the morning-after mail): photos, videos, how many of them
     * await approval, and how many guests — distinct phones, plus distinct names among items sent
     * without a phone's token.
     */
    summaryOf: (eventId: string) => repo.summary(eventId),
  };
}

export type MediaApi = ReturnType<typeof createMediaApi>;

/** Size, hashes and first bytes of a file counted as it is written (a resumable upload's staged file). */
export { ContentTally, type ContentSummary } from './content-tally.ts';
/** How many first bytes decide a file's type (`checkType`), and reading them from a file. */
export { detectionHeadBytes, readHead } from './detect-media-type.ts';
