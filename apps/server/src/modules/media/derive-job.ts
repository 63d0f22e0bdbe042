import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppJobHandler } from '../../jobs/jobs.ts';
import type { Storage } from '../../storage/storage.ts';
import { deriveImages, ImageRejectedError, videoPlaceholder, type DerivedImages } from './derive-images.ts';
import type { HeicDecoder } from './heic-decoder.ts';
import type { MediaRepository, MediaRow } from './media.repository.ts';
import { extractPosterFrame, hasTool } from './media-tools.ts';

type LoggerLike = { warn(obj: object, msg?: string): void };

/** Derived objects get fixed keys beside the original, so a retried job overwrites instead of leaking. */
function derivedKeys(row: Pick<MediaRow, 'objectKey'>): { thumbnail: string; preview: string } {
  const base = row.objectKey.replace(/\.[a-z0-9]+$/, '');
  return { thumbnail: `${base}-thumb.webp`, preview: `${base}-preview.webp` };
}

/**
 * The `media.derive` job: thumbnail and preview for an image (HEIC through the WebAssembly decoder),
 * a poster frame for a video when ffmpeg is installed, otherwise a "Video" placeholder tile.
 * Idempotent: it may run again after a crash and simply rewrites the same keys.
 */
export function createDeriveHandler(deps: {
  repository: MediaRepository;
  storage: Storage;
  heic: HeicDecoder;
  tempRoot: string;
  logger: LoggerLike;
  ffmpegCommand?: string;
  /** Metrics: each attempt's outcome (a retried attempt throws after reporting). */
  onOutcome?: (outcome: 'done' | 'failed' | 'retried') => void;
}): AppJobHandler<'media.derive'> {
  const { repository, storage } = deps;

  /**
   * A file holding the original for the decoders to read. Local disk already has one: copying it
   * (as an S3 object must be) wrote every upload's bytes a second time, on the same cores and disk
   * as the next guest's upload (decision 0120).
   */
  async function originalFile(key: string, dir: string, signal: AbortSignal): Promise<string> {
    if (storage.localPath) return storage.localPath(key);
    const file = path.join(dir, `original.${key.split('.').pop()}`);
    await pipeline(await storage.get(key), createWriteStream(file), { signal });
    return file;
  }

  async function derive(row: MediaRow, dir: string, signal: AbortSignal): Promise<DerivedImages> {
    const original = await originalFile(row.objectKey, dir, signal);
    if (row.type === 'image') {
      if (row.objectKey.endsWith('.heic')) {
        let raw;
        try {
          raw = await deps.heic.decode(original);
        } catch (error) {
          // libheif's verdict on a file does not change on retry (corrupt, unsupported codec, too big).
          throw new ImageRejectedError('unreadable', `HEIC not decodable: ${(error as Error).message}`);
        }
        return deriveImages(raw);
      }
      return deriveImages(original);
    }
    if (await hasTool(deps.ffmpegCommand ?? 'ffmpeg')) {
      const poster = path.join(dir, 'poster.png');
      try {
        await extractPosterFrame(original, poster, deps.ffmpegCommand, signal);
        return await deriveImages(poster);
      } catch (error) {
        if (signal.aborted) throw error;
        // A video ffmpeg cannot read still plays in most browsers: give it the placeholder tile.
        deps.logger.warn({ mediaId: row.id, err: error }, 'video poster failed; using placeholder');
      }
    }
    const placeholder = await videoPlaceholder();
    return { thumbnail: placeholder, preview: placeholder, width: 0, height: 0 };
  }

  return async function handle({ mediaId }, context): Promise<void> {
    const row = await repository.findById(mediaId);
    if (!row) return; // deleted before its turn
    // One directory per attempt: an attempt still running (a timed-out one winding down, a worker
    // whose lease lapsed) must not have its files removed by another attempt's clean-up.
    await mkdir(deps.tempRoot, { recursive: true });
    const dir = await mkdtemp(path.join(deps.tempRoot, `derive-${mediaId}-${context.attempt}-`));
    try {
      let images: DerivedImages;
      try {
        images = await derive(row, dir, context.signal);
        // Past the queue's timeout the attempt stops here, before writing: its retry does the writes.
        context.signal.throwIfAborted();
      } catch (error) {
        // Unexpected errors are retried by the job runner; on the last attempt the item is marked
        // failed so the album stops waiting for it (it keeps showing the original).
        if (!(error instanceof ImageRejectedError) && context.attempt < context.maxAttempts) {
          deps.onOutcome?.('retried');
          throw error;
        }
        // A file that cannot be decoded never will be: keep showing the original, do not retry.
        deps.logger.warn({ mediaId, err: error }, 'derived images not possible');
        await repository.setDerived(mediaId, {
          thumbnailKey: null,
          previewKey: null,
          width: row.width,
          height: row.height,
          state: 'failed',
        });
        deps.onOutcome?.('failed');
        return;
      }
      const keys = derivedKeys(row);
      await storage.put(keys.thumbnail, Readable.from([images.thumbnail]));
      await storage.put(keys.preview, Readable.from([images.preview]));
      const kept = await repository.setDerived(mediaId, {
        thumbnailKey: keys.thumbnail,
        previewKey: keys.preview,
        width: images.width || row.width,
        height: images.height || row.height,
        state: 'done',
      });
      deps.onOutcome?.('done');
      if (!kept) {
        // The item was deleted while we worked: its row is gone, so its derived images must go too.
        await storage.delete(keys.thumbnail);
        await storage.delete(keys.preview);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
