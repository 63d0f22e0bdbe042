import { readFile } from 'node:fs/promises';
import type { Storage } from './storage.ts';

/**
 * A small file's bytes as the media route answers them, with the headers of its whole answer (name,
 * value, name, value…), built once by the route when the file entered memory.
 */
type HotFile = { body: Buffer; mtime: Date; headers: readonly string[] };

/**
 * The few small files everyone asks for at once — thumbnails and previews of an album that the
 * venue's wall, the couple and a hundred guests open during the same evening — kept in memory, so
 * answering them costs no thread-pool round trips (stat, open, read, close). Node has no sendfile;
 * this is what closes most of the distance to a web server serving from the page cache.
 *
 * Bounded by bytes (least recently used first out) and by file size, so a video or an original never
 * enters. An entry lives `ttlMs` at most; `forget` (called after every storage deletion) removes a
 * deleted photo at once, including one whose read was still under way.
 */
export type HotFiles = {
  get(key: string): HotFile | undefined;
  /** Whether the file may be in memory (a cheap first look: no expiry check, no recency update). */
  has(key: string): boolean;
  /**
   * After a miss answered from disk: reads the file once into memory, in the background; `headers`
   * are what a whole answer of it sends (they are kept only if the file still has `stat`'s size).
   */
  fill(key: string, file: string, stat: { size: number; mtime: Date }, headers: readonly string[]): void;
  forget(key: string): void;
  /** Bytes held now (for tests and metrics). */
  readonly bytes: number;
};

export function createHotFiles(options: {
  maxBytes: number;
  maxFileBytes: number;
  ttlMs: number;
  now?: () => number;
}): HotFiles {
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  const entries = new Map<string, HotFile & { at: number }>();
  // A read in flight is identified by its own token; `forget` drops the token, so a read that started
  // before a deletion never puts the deleted bytes back.
  const reading = new Map<string, symbol>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  return {
    get bytes() {
      return bytes;
    },
    has: (key) => entries.has(key),
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at > options.ttlMs) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    fill(key, file, stat, headers) {
      if (options.maxBytes <= 0 || stat.size === 0 || stat.size > options.maxFileBytes) return;
      if (entries.has(key) || reading.has(key)) return;
      const token = Symbol(key);
      reading.set(key, token);
      readFile(file).then(
        (body) => {
          if (reading.get(key) !== token) return;
          reading.delete(key);
          // A file that changed size between the stat and the read is not one we can vouch for.
          if (body.length !== stat.size) return;
          drop(key);
          entries.set(key, { body, mtime: stat.mtime, headers, at: now() });
          bytes += body.length;
          for (const oldest of entries.keys()) {
            if (bytes <= options.maxBytes) break;
            drop(oldest);
          }
        },
        () => {
          if (reading.get(key) === token) reading.delete(key);
        },
      );
    },
    forget(key) {
      reading.delete(key);
      drop(key);
    },
  };
}

/** The same storage, whose deletions also leave the hot files. */
export function forgettingDeletes(storage: Storage, hot: HotFiles): Storage {
  return {
    ...storage,
    async delete(key) {
      await storage.delete(key);
      hot.forget(key);
    },
  };
}
