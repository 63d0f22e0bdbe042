// The "plain stream to disk" an upload is measured against (decision 0120): a bare node:http server
// on loopback, in the benchmark's own process like the API server, that pipes each request body
// to a file — no parser, no hash, no type detection, no database. The same client sends it the
// same bytes as the API gets, so the ratio shows only what the API adds between socket and disk.
// Its file streams gather writes up to 1 MiB like the API's temp files (upload-receiver.ts): with
// Node's default 16 KiB the baseline itself is a quarter slower, and the goal would be easier.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const writeBatchBytes = 1024 * 1024;

export type BareReceiver = {
  base: string;
  /** Bytes written to files so far. */
  written(): number;
  close(): Promise<void>;
};

/**
 * `POST /upload`: the body to a new file, 200. For tus clients, the least of tus 1.0 that lets
 * one send a file (no HEAD, no resumption): `POST /files` answers a Location, and each
 * `PATCH /files/<id>` appends its body to that file and answers the new offset. Files go to
 * `dir`, which is removed on close.
 */
export async function startBareReceiver(dir: string): Promise<BareReceiver> {
  await mkdir(dir, { recursive: true });
  let files = 0;
  let written = 0;
  const offsets = new Map<string, number>();

  async function toFile(request: IncomingMessage, file: string, flags: string): Promise<number> {
    const sink = createWriteStream(file, { flags, highWaterMark: writeBatchBytes });
    await pipeline(request, sink);
    written += sink.bytesWritten;
    return sink.bytesWritten;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = request.url ?? '';
    if (request.method === 'POST' && url === '/upload') {
      await toFile(request, path.join(dir, `upload-${files++}`), 'w');
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      return;
    }
    const tus = { 'tus-resumable': '1.0.0' };
    if (request.method === 'POST' && url === '/files') {
      const id = String(files++);
      offsets.set(id, 0);
      request.resume();
      response.writeHead(201, { ...tus, location: `/files/${id}` }).end();
      return;
    }
    const id = /^\/files\/(\d+)$/.exec(url)?.[1];
    if (request.method === 'PATCH' && id !== undefined && offsets.has(id)) {
      const offset = offsets.get(id)! + (await toFile(request, path.join(dir, `tus-${id}`), 'a'));
      offsets.set(id, offset);
      response.writeHead(204, { ...tus, 'upload-offset': String(offset) }).end();
      return;
    }
    request.resume();
    response.writeHead(404).end();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    written: () => written,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
