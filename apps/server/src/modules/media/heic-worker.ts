// Worker thread: decodes one HEIC/HEIF file to raw RGBA with libheif (WebAssembly).
// Runs off the main thread because a 12 MP photo takes seconds and up to ~2 GB.
import { parentPort } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import decode from 'heic-decode';

export interface HeicRequest {
  id: number;
  path: string;
}
export type HeicReply =
  | { id: number; ok: true; width: number; height: number; data: ArrayBuffer }
  | { id: number; ok: false; error: string };

parentPort?.on('message', (request: HeicRequest) => {
  void (async () => {
    try {
      const image = await decode({ buffer: await readFile(request.path) });
      const data = image.data.buffer as ArrayBuffer;
      const reply: HeicReply = { id: request.id, ok: true, width: image.width, height: image.height, data };
      parentPort?.postMessage(reply, [data]);
    } catch (error) {
      const reply: HeicReply = { id: request.id, ok: false, error: String((error as Error)?.message ?? error) };
      parentPort?.postMessage(reply);
    }
  })();
});
