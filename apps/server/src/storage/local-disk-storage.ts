import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { UrlSigner } from '../http/signed-urls.ts';
import { assertValidKey, type Storage } from './storage.ts';

export const MEDIA_ROUTE_PREFIX = '/api/media/';

/**
 * Moves a file to `target`, making its directory only when the rename finds it missing: an event's
 * directory exists for all but its first file, so the usual move is one file operation, not two.
 */
async function renameInto(from: string, target: string): Promise<void> {
  try {
    await rename(from, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(path.dirname(target), { recursive: true });
    await rename(from, target);
  }
}

/**
 * Objects as files under `root`. Writes go to `root/.incoming` first and are renamed into place,
 * so a crash mid-write leaves only a file there, which the next start removes.
 */
export function createLocalDiskStorage(options: { root: string; signer: UrlSigner }): Storage {
  const { root, signer } = options;
  const incoming = path.join(root, '.incoming');
  // One process owns a local media directory: whatever is half-written here is from a crash.
  rmSync(incoming, { recursive: true, force: true });
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };

  return {
    async put(key, body) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(incoming, { recursive: true });
      const temp = path.join(incoming, `${randomUUID()}.part`);
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },
    async putFile(key, filePath) {
      const target = fileOf(key);
      try {
        await renameInto(filePath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Temp directory on another file system: copy into .incoming, then rename atomically.
        await mkdir(incoming, { recursive: true });
        const temp = path.join(incoming, `${randomUUID()}.part`);
        try {
          await copyFile(filePath, temp);
          await renameInto(temp, target);
        } catch (copyError) {
          await rm(temp, { force: true });
          throw copyError;
        }
      }
    },
    localPath: fileOf,
    async get(key, range) {
      const file = fileOf(key);
      // 1 MiB reads instead of Node's 64 KiB: streaming a multi-GB album ZIP measured ~2x faster
      // (fewer syscalls and stream turns); a slow client holds at most one such buffer per stream.
      // Never more than the bytes wanted: a 1 MiB buffer per small photo made serving 20x slower.
      const wanted = range ? range.end - range.start + 1 : (await stat(file)).size;
      const highWaterMark = Math.max(16 * 1024, Math.min(1024 * 1024, wanted));
      return createReadStream(
        file,
        range ? { start: range.start, end: range.end, highWaterMark } : { highWaterMark },
      );
    },
    async stat(key) {
      try {
        const s = await stat(fileOf(key));
        return { size: s.size, mtime: s.mtime };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async signedUrl(key, { expiresInSeconds, downloadName, contentType }) {
      assertValidKey(key);
      const params: Record<string, string> = {};
      if (downloadName) params.dl = downloadName;
      if (contentType) params.ct = contentType;
      return signer.sign(`${MEDIA_ROUTE_PREFIX}${key}`, params, expiresInSeconds);
    },
  };
}
