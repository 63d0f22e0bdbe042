import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../storage/storage.ts';
import { deriveCover, ImageRejectedError, type CoverImages } from './derive-images.ts';
import { detectMediaType, readHead } from './detect-media-type.ts';
import type { HeicDecoder } from './heic-decoder.ts';
import type { MediaRepository } from './media.repository.ts';
import { isobmffComplete } from './media-tools.ts';

export type CoverSourceFailure =
  | 'photo-not-found'
  | 'not-image'
  | 'photo-is-video'
  | 'photo-pending'
  | 'too-big'
  | 'too-many-pixels'
  | 'unreadable'
  | 'busy';

/** Why no cover could be made; the events module words it for the couple. */
export class CoverSourceError extends Error {
  readonly reason: CoverSourceFailure;
  constructor(reason: CoverSourceFailure) {
    super(`cover not made: ${reason}`);
    this.name = 'CoverSourceError';
    this.reason = reason;
  }
}

/**
 * Cover derivation runs in the request (the couple waits for the preview), so it is bounded here:
 * one at a time per process, as the media queue's derivations are, and a few waiting; more are
 * refused at once ("busy") instead of piling decoded images up in memory.
 */
const coverConcurrency = 1;
const coverMaxWaiting = 4;

function createGate(concurrency: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) throw new CoverSourceError('busy');
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` only drops when nobody waits.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Makes covers from the two sources the couple may choose: a photo of their album (its original,
 * read from storage) or an image they upload. Both go through the album's bounded decoders (pixel
 * cap from the header, HEIC in the one shared worker) and end as `deriveCover`'s files; the source
 * itself is only ever a temp file, removed before this returns.
 */
export function createCoverSource(deps: {
  repository: MediaRepository;
  storage: Storage;
  heic: HeicDecoder;
  tempRoot: string;
}) {
  const gate = createGate(coverConcurrency, coverMaxWaiting);

  async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
    const dir = path.join(deps.tempRoot, randomUUID());
    await mkdir(dir, { recursive: true });
    try {
      return await work(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Decodes a file already known to be an image; HEIC through the shared WebAssembly worker. */
  async function derive(file: string, heic: boolean): Promise<CoverImages> {
    try {
      if (!heic) return await deriveCover(file);
      if (!(await isobmffComplete(file))) throw new CoverSourceError('unreadable');
      let raw;
      try {
        raw = await deps.heic.decode(file);
      } catch (error) {
        // The worker refuses over-large images from the container before decoding a pixel.
        throw new CoverSourceError(/over \d+ pixels/.test(String(error)) ? 'too-many-pixels' : 'unreadable');
      }
      return await deriveCover(raw);
    } catch (error) {
      if (error instanceof ImageRejectedError)
        throw new CoverSourceError(error.reason === 'too-large' ? 'too-many-pixels' : 'unreadable');
      throw error;
    }
  }

  return {
    /** A cover from one image of this event's album (never a video, never another album's item). */
    fromPhoto(eventId: string, photoId: string): Promise<CoverImages> {
      return gate(async () => {
        const row = await deps.repository.findById(photoId);
        if (!row || row.eventId !== eventId) throw new CoverSourceError('photo-not-found');
        if (row.type !== 'image') throw new CoverSourceError('photo-is-video');
        // The cover is public: an item awaiting the owner's approval reaches no guest this way either.
        if (row.status !== 'approved') throw new CoverSourceError('photo-pending');
        return withTempDir(async (dir) => {
          const ext = row.objectKey.slice(row.objectKey.lastIndexOf('.') + 1);
          const file = path.join(dir, `original.${ext}`);
          await pipeline(await deps.storage.get(row.objectKey), createWriteStream(file));
          return derive(file, ext === 'heic');
        });
      });
    },

    /**
     * A cover from an uploaded file, streamed to a temp file (never held whole in memory); the type
     * is decided by its content. `file.truncated` is set by the multipart parser when the part went
     * past its size limit.
     */
    fromUpload(file: Readable & { truncated?: boolean }): Promise<CoverImages> {
      return withTempDir(async (dir) => {
        const temp = path.join(dir, 'upload');
        await pipeline(file, createWriteStream(temp, { flags: 'wx' }));
        if (file.truncated) throw new CoverSourceError('too-big');
        const detected = await detectMediaType(await readHead(temp));
        if (!detected.ok || detected.media.type !== 'image') throw new CoverSourceError('not-image');
        const { needsHeicDecoder } = detected.media;
        return gate(() => derive(temp, needsHeicDecoder));
      });
    },
  };
}
