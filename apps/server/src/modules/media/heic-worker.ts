// Worker thread: decodes one HEIC/HEIF file to raw RGBA with libheif (WebAssembly).
// Runs off the main thread because a 12 MP photo takes seconds and hundreds of MB.
import { parentPort } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import decode from 'heic-decode';

export interface HeicRequest {
  id: number;
  path: string;
  /** Refuse before decoding pixels when the image is larger than this. */
  maxPixels: number;
}
export type HeicReply =
  | { id: number; ok: true; width: number; height: number; data: ArrayBuffer }
  | { id: number; ok: false; error: string };

parentPort?.on('message', (request: HeicRequest) => {
  void (async () => {
    try {
      // `all` parses the container and returns each image's size before any pixel is decoded, so
      // the pixel cap holds even for a file whose header sharp could not read at upload.
      const images = await decode.all({ buffer: await readFile(request.path) });
      const first = images[0];
      if (!first) throw new Error('no image in file');
      if (first.width * first.height > request.maxPixels) {
        images.dispose();
        throw new Error(`image is ${first.width}x${first.height}, over ${request.maxPixels} pixels`);
      }
      let image;
      try {
        image = await first.decode();
      } finally {
        images.dispose();
      }
      const data = image.data.buffer as ArrayBuffer;
      const reply: HeicReply = { id: request.id, ok: true, width: image.width, height: image.height, data };
      parentPort?.postMessage(reply, [data]);
    } catch (error) {
      const reply: HeicReply = {
        id: request.id,
        ok: false,
        error: String((error as Error)?.message ?? error),
      };
      parentPort?.postMessage(reply);
    }
  })();
});
