// Guests uploading over tus with the real client (tus-js-client), and a TCP proxy that cuts their
// connections: the resumable path's test and benchmark drive the server exactly as a phone would.
import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Socket } from 'node:net';
import sharp from 'sharp';
import { Upload } from 'tus-js-client';
import { limits } from '@ani/contract/limits';
import { tusChunkBytes } from '@ani/contract/uploads';

export type CuttingProxy = {
  base: string;
  /** Connections cut so far. */
  cuts(): number;
  /** Bytes the clients sent through the proxy, and the part of them that reached the server. */
  bytes(): { fromClients: number; forwarded: number };
  close(): Promise<void>;
};

/**
 * A proxy on 127.0.0.1 that forwards to `port` and cuts each connection once `cutAfterBytes` of
 * its client's bytes have been forwarded, like a phone that loses its network mid-upload.
 */
export async function cuttingProxy(port: number, cutAfterBytes: number): Promise<CuttingProxy> {
  let cuts = 0;
  let fromClients = 0;
  let forwarded = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port });
    sockets.add(client).add(upstream);
    let sent = 0;
    let cut = false;
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      fromClients += chunk.length;
      if (cut) return;
      const room = cutAfterBytes - sent;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      sent += part.length;
      forwarded += part.length;
      if (part.length) upstream.write(part);
      if (sent >= cutAfterBytes) {
        cut = true;
        cuts++;
        // The bytes forwarded so far still reach the server; then the line goes dead.
        upstream.end(() => setImmediate(end));
        client.destroy();
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!cut) client.write(chunk);
    });
    client.on('error', end).on('close', () => !cut && end());
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${own}`,
    cuts: () => cuts,
    bytes: () => ({ fromClients, forwarded }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A real JPEG followed by random bytes up to `size`: a distinct, valid photo of any size, made fast. */
export async function paddedPhoto(size: number): Promise<Buffer> {
  const head = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

export type GuestResult = { guestToken: string; outcomes: string[] };

/**
 * One guest: their files in submissions of at most 10 (the rules allow no more per submission),
 * each file then over tus, one at a time as the page sends them, retrying through every cut.
 * `uploadBase` is where the tus requests go (a proxy, or the server itself).
 */
export async function uploadAsGuest(options: {
  apiBase: string;
  uploadBase: string;
  eventId: string;
  name: string;
  note?: string;
  files: Buffer[];
  /** The phone's token from an earlier upload: the same guest again. */
  guestToken?: string;
}): Promise<GuestResult> {
  let guestToken = options.guestToken;
  const outcomes: string[] = [];
  for (let first = 0; first < options.files.length; first += limits.maxPhotosPerUpload) {
    const files = options.files.slice(first, first + limits.maxPhotosPerUpload);
    const declared = files.map((data, i) => ({
      name: `foto-${first + i}.jpg`,
      size: data.length,
      type: 'image/jpeg',
    }));
    const res = await fetch(`${options.apiBase}/api/events/${options.eventId}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(guestToken ? { 'x-guest-token': guestToken } : {}) },
      body: JSON.stringify({ uploader: options.name, note: options.note, files: declared }),
    });
    if (res.status !== 201) throw new Error(`submission: ${res.status} ${await res.text()}`);
    const created = (await res.json()) as { submissionId: string; guestToken: string };
    guestToken = created.guestToken;
    for (const [i, data] of files.entries())
      outcomes.push(await sendFile(options.uploadBase, created.submissionId, declared[i]!.name, data));
  }
  return { guestToken: guestToken!, outcomes };
}

function sendFile(uploadBase: string, submissionId: string, filename: string, data: Buffer): Promise<string> {
  return tusSend(`${uploadBase}/api/uploads`, data, {
    metadata: { submissionId, filename, filetype: 'image/jpeg' },
  });
}

/**
 * One file over tus with the real client as the guest page sends it (chunks of `tusChunkBytes`
 * unless told otherwise), retrying through cuts; answers the server's Upload-Outcome, if any.
 */
export function tusSend(
  endpoint: string,
  data: Buffer,
  options: { metadata?: Record<string, string>; chunkSize?: number } = {},
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let outcome = '';
    const upload = new Upload(data, {
      endpoint,
      chunkSize: options.chunkSize ?? tusChunkBytes,
      metadata: options.metadata ?? {},
      // Every cut is retried at once; progress since the last retry resets the count.
      retryDelays: [0, 50, 100, 200, 500, 1000],
      onAfterResponse: (_req, response) => {
        const value = response.getHeader('Upload-Outcome');
        if (value) outcome = value;
      },
      onSuccess: () => resolve(outcome),
      onError: reject,
    });
    upload.start();
  });
}
