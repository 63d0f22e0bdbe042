import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { UrlSigner } from '../http/signed-urls.ts';
import { assertValidKey, type Storage } from './storage.ts';

export const MEDIA_ROUTE_PREFIX = '/api/media/';

export function createLocalDiskStorage(options: { root: string; signer: UrlSigner }): Storage {
  const { root, signer } = options;
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };

  return {
    async put(key, body) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename: a reader never sees half an object, and a
      // crash leaves only a `.part` file that no row points at.
      const temp = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },
    async get(key, range) {
      const file = fileOf(key);
      await stat(file);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
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
