import { Worker } from 'node:worker_threads';
import type { HashReply, HashRequest } from './hash-worker.ts';

/**
 * Bounds of the hashing thread. Bytes sent and not yet hashed past `maxQueuedBytes` make writers
 * wait (`room`), so a disk or socket faster than the hash never piles bytes up in memory; the
 * thread's own heap holds only a hash state per file. It ends after `idleMs` with no file open,
 * giving its memory back, and starts again with the next upload.
 */
const defaults = { maxQueuedBytes: 32 * 1024 * 1024, idleMs: 30_000, batchBytes: 512 * 1024 };
const resourceLimits = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 };

/** One file's running SHA-256 and CRC-32 on the hashing thread. */
export type HashedFile = {
  /** Takes the next bytes; they are copied to the thread in batches, not held past `flush`. */
  add(chunk: Uint8Array): void;
  /** Sends what `add` gathered: after it this file holds no bytes (a request between writes). */
  flush(): void;
  /** The file's hashes; rejects when the thread was lost before it had all the bytes. */
  finish(): Promise<{ sha256: string; crc32: number }>;
  /** The file is given up: its state on the thread goes. */
  drop(): void;
};

/**
 * SHA-256 (duplicates) and CRC-32 (the album ZIP) of every uploaded byte, computed on a worker
 * thread. On the main thread they were about a tenth of an upload's CPU there, on the thread that
 * also parses every request and runs the embedded database; here the main thread only copies each
 * batch (a memcpy) and posts it. A file's bytes must reach `add` in order; the thread hashes them in
 * the order they were posted.
 *
 * If the thread dies (it should not: it only hashes), every file it was hashing fails at `finish`,
 * and the caller reads the file back for its hashes instead; the next file starts a new thread.
 */
export function createHashThread(options: Partial<typeof defaults> = {}) {
  const { maxQueuedBytes, idleMs, batchBytes } = { ...defaults, ...options };
  let worker: Worker | null = null;
  /** Each thread started gets a new generation; a file belongs to the one it started on. */
  let generation = 0;
  let queued = 0;
  let waiting: (() => void)[] = [];
  const finishing = new Map<
    number,
    { resolve: (h: { sha256: string; crc32: number }) => void; reject: (e: Error) => void }
  >();
  const open = new Set<number>();
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;
  // A file dropped by its owner without `finish` or `drop` (an abandoned upload) still frees its state.
  const forgotten = new FinalizationRegistry<{ id: number; gen: number }>(({ id, gen }) => close(id, gen));

  function release() {
    const ready = waiting;
    waiting = [];
    for (const resume of ready) resume();
  }

  function lost(error: Error) {
    worker = null;
    queued = 0;
    open.clear();
    for (const { reject } of finishing.values()) reject(error);
    finishing.clear();
    release();
  }

  function thread(): Worker {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (worker) return worker;
    const w = new Worker(new URL('./hash-worker.ts', import.meta.url), { resourceLimits });
    w.unref();
    w.on('message', (reply: HashReply) => {
      if (reply.op === 'added') {
        queued -= reply.bytes;
        if (queued <= maxQueuedBytes) release();
        return;
      }
      const pending = finishing.get(reply.id);
      finishing.delete(reply.id);
      pending?.resolve({ sha256: reply.sha256, crc32: reply.crc32 });
    });
    w.on('error', (error) => {
      if (worker === w) lost(error);
    });
    w.on('exit', (code) => {
      if (worker === w) lost(new Error(`hash thread exited with code ${code}`));
    });
    worker = w;
    generation++;
    return w;
  }

  function post(request: HashRequest, transfer?: ArrayBuffer[]) {
    worker!.postMessage(request, transfer);
  }

  function close(id: number, gen: number) {
    if (!open.delete(id)) return;
    if (gen === generation && worker) post({ op: 'drop', id });
    idleIfUnused();
  }

  function idleIfUnused() {
    if (open.size || finishing.size || idleTimer) return;
    idleTimer = setTimeout(() => void stop(), idleMs);
    idleTimer.unref();
  }

  async function stop(): Promise<void> {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const w = worker;
    if (!w) return;
    lost(new Error('hash thread stopped'));
    await w.terminate();
  }

  function file(): HashedFile {
    thread();
    const id = nextId++;
    const gen = generation;
    open.add(id);
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const alive = () => gen === generation && worker !== null && open.has(id);
    const handle: HashedFile = {
      add(chunk) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= batchBytes) handle.flush();
      },
      flush() {
        if (!pendingBytes) return;
        const batch = new Uint8Array(pendingBytes);
        let at = 0;
        for (const chunk of pending) {
          batch.set(chunk, at);
          at += chunk.length;
        }
        pending = [];
        pendingBytes = 0;
        if (!alive()) return;
        queued += batch.length;
        post({ op: 'add', id, bytes: batch.buffer }, [batch.buffer]);
      },
      finish() {
        handle.flush();
        forgotten.unregister(handle);
        if (!alive()) return Promise.reject(new Error('hash thread lost'));
        open.delete(id);
        return new Promise((resolve, reject) => {
          finishing.set(id, {
            resolve: (hashes) => {
              resolve(hashes);
              idleIfUnused();
            },
            reject,
          });
          post({ op: 'finish', id });
        });
      },
      drop() {
        pending = [];
        pendingBytes = 0;
        forgotten.unregister(handle);
        close(id, gen);
      },
    };
    forgotten.register(handle, { id, gen }, handle);
    return handle;
  }

  return {
    file,
    /** Resolves once the bytes waiting for the thread are under the bound: writers wait on it. */
    room(): Promise<void> {
      return queued <= maxQueuedBytes ? Promise.resolve() : new Promise((resume) => waiting.push(resume));
    },
    /** Ends the thread; files it was hashing fail at `finish`. */
    stop,
    /** Whether the thread is running (tests: it ends when idle). */
    get running() {
      return worker !== null;
    },
  };
}
export type HashThread = ReturnType<typeof createHashThread>;

/** The process's one hashing thread. */
export const hashThread = createHashThread();
