import { Worker } from 'node:worker_threads';
import type { HeicReply, HeicRequest } from './heic-worker.ts';
import { maxInputPixels } from './derive-images.ts';

/**
 * Bounds of the decoding worker. A decode that takes longer is ended by terminating the worker
 * (its WebAssembly heap goes with it); the V8 heap limits stop a runaway in the JavaScript glue.
 * libheif's own memory is bounded by the pixel cap checked before any pixel is decoded.
 */
const heicBounds = {
  timeoutMs: 60_000,
  maxPixels: maxInputPixels,
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
};

export interface RawImage {
  width: number;
  height: number;
  channels: 4;
  data: Buffer;
}

/**
 * One HEIC decode at a time in one worker thread: libheif's WebAssembly heap grows to ~2 GB on a
 * 12 MP photo, so parallel decodes would exhaust memory. The worker is ended after a short idle time
 * so its heap is returned to the system between bursts.
 */
export function createHeicDecoder(options: { idleMs?: number } = {}) {
  const idleMs = options.idleMs ?? 10_000;
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;

  function getWorker(): Worker {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (!worker) {
      // libheif prints its own diagnostics; the failure reaches us as the reply, so its output is dropped.
      worker = new Worker(new URL('./heic-worker.ts', import.meta.url), {
        stdout: true,
        stderr: true,
        resourceLimits: heicBounds.resourceLimits,
      });
      worker.stdout.resume();
      worker.stderr.resume();
      worker.unref();
    }
    return worker;
  }

  function scheduleIdleStop() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void stop(), idleMs);
    idleTimer.unref();
  }

  function decodeOnce(path: string): Promise<RawImage> {
    const w = getWorker();
    const id = nextId++;
    return new Promise<RawImage>((resolve, reject) => {
      const deadline = setTimeout(() => {
        cleanup();
        worker = null;
        void w.terminate();
        reject(new Error(`HEIC decode took longer than ${heicBounds.timeoutMs} ms`));
      }, heicBounds.timeoutMs);
      const onMessage = (reply: HeicReply) => {
        if (reply.id !== id) return;
        cleanup();
        if (reply.ok) {
          resolve({ width: reply.width, height: reply.height, channels: 4, data: Buffer.from(reply.data) });
        } else reject(new Error(`HEIC decode failed: ${reply.error}`));
      };
      const onError = (error: Error) => {
        cleanup();
        worker = null;
        reject(error);
      };
      const onExit = (code: number) => {
        cleanup();
        worker = null;
        reject(new Error(`HEIC worker exited with code ${code}`));
      };
      const cleanup = () => {
        clearTimeout(deadline);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
      };
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      const request: HeicRequest = { id, path, maxPixels: heicBounds.maxPixels };
      w.postMessage(request);
    });
  }

  function decode(path: string): Promise<RawImage> {
    const run = queue.then(() => decodeOnce(path));
    queue = run.catch(() => undefined).finally(scheduleIdleStop);
    return run;
  }

  async function stop(): Promise<void> {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const w = worker;
    worker = null;
    if (w) await w.terminate();
  }

  return { decode, stop };
}
export type HeicDecoder = ReturnType<typeof createHeicDecoder>;
