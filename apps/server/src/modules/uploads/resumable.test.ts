import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { tusChunkBytes } from '@ani/contract/uploads';
import { events, media } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser } from '../../testing/factories.ts';
import { cuttingProxy, paddedPhoto, uploadAsGuest } from '../../testing/tus-guests.ts';
import { startS3Server } from '../../testing/s3-server.ts';

const MB = 1024 * 1024;
let t: TestApp;
let base: string;
let port: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  token = (await createActivatedUser(t)).token;
});
afterAll(() => t.close());

async function newEvent(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(token),
    payload: { title: 'Elif ile Can', eventDate: new Date().toISOString() },
  });
  return res.json().event.id;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A guest's submission of one photo, `data`, and its tus upload created: answers the upload's path. */
async function oneFileUpload(eventId: string, data: Buffer): Promise<string> {
  const res = await fetch(`${base}/api/events/${eventId}/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      uploader: 'Zeynep',
      files: [{ name: 'a.jpg', size: data.length, type: 'image/jpeg' }],
    }),
  });
  const { submissionId } = (await res.json()) as { submissionId: string };
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': `submissionId ${b64(submissionId)},filename ${b64('a.jpg')}`,
    },
  });
  return created.headers.get('location')!;
}

/**
 * Each guest sends their files through a proxy that cuts every connection after `cutAfterBytes`;
 * every file must land byte-identical and exactly once, and a cut must cost at most a chunk.
 */
async function landsThroughCuts(guests: Buffer[][], cutAfterBytes: number) {
  const eventId = await newEvent();
  const proxy = await cuttingProxy(port, cutAfterBytes);
  try {
    const results = await Promise.all(
      guests.map((files, g) =>
        uploadAsGuest({ apiBase: base, uploadBase: proxy.base, eventId, name: `Misafir ${g + 1}`, files }),
      ),
    );
    for (const [g, result] of results.entries())
      expect(result.outcomes).toEqual(guests[g]!.map(() => 'accepted'));

    const all = guests.flat();
    const rows = await t.db.select().from(media).where(eq(media.eventId, eventId));
    expect(rows).toHaveLength(all.length);
    expect(new Set(rows.map((r) => r.sha256))).toEqual(new Set(all.map(sha256)));
    // Byte-identical in storage, not only by the hash the server computed.
    for (const row of rows) {
      const stored = await readFile(path.join(t.config.dataDir, 'media', row.objectKey));
      expect(sha256(stored)).toBe(row.sha256);
    }
    const [event] = await t.db.select().from(events).where(eq(events.id, eventId));
    expect(event!.photoCount).toBe(all.length);
    // Each guest's files carry their own phone's id.
    for (const [g, result] of results.entries()) {
      const mine = rows.filter((r) => r.guestId === result.guestToken.split('.')[0]);
      expect(mine.map((r) => r.sha256).sort()).toEqual(guests[g]!.map(sha256).sort());
    }

    const fileBytes = all.reduce((sum, f) => sum + f.length, 0);
    const { fromClients } = proxy.bytes();
    const cuts = proxy.cuts();
    expect(cuts).toBeGreaterThan(all.length);
    const resentPerCut = (fromClients - fileBytes) / cuts;
    console.info(
      `resumable: ${all.length} files, ${(fileBytes / MB).toFixed(1)} MB, ${cuts} cuts, ` +
        `${((fromClients - fileBytes) / MB).toFixed(2)} MB sent beyond the files ` +
        `(${(resentPerCut / 1024).toFixed(0)} KiB per cut, headers included)`,
    );
    expect(resentPerCut).toBeLessThanOrEqual(tusChunkBytes);
  } finally {
    await proxy.close();
  }
}

describe('resumable uploads through a network that keeps dropping', () => {
  it('lands every file of 3 guests byte-identical and exactly once, re-sending at most a chunk per cut', async () => {
    const guests = await Promise.all(
      [0, 1, 2].map(async () => Promise.all([8, 10, 11, 12].map((size) => paddedPhoto(size * MB)))),
    );
    await landsThroughCuts(guests, 5 * MB);
  }, 180_000);

  it('lands 30 small photos from each of 3 guests byte-identical and exactly once, through cuts inside every file', async () => {
    // 200–300 kB each, like a phone's photos sent at reduced size; three submissions per guest.
    const guests = await Promise.all(
      [0, 1, 2].map(async (g) =>
        Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            paddedPhoto(200 * 1024 + (((g * 30 + i) * 3407) % (100 * 1024))),
          ),
        ),
      ),
    );
    // Smaller than any of the files, so no file gets through on one connection.
    await landsThroughCuts(guests, 150 * 1024);
  }, 120_000);

  it('refuses a chunk that does not say its length (chunked transfer) and takes the same bytes with it', async () => {
    const eventId = await newEvent();
    const data = await paddedPhoto(64 * 1024);
    const location = await oneFileUpload(eventId, data);
    const send = (chunked: boolean) =>
      new Promise<{ status: number; body: string; outcome: string | undefined }>((resolve, reject) => {
        const req = httpRequest(`${base}${location}`, {
          method: 'PATCH',
          headers: {
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(data.length) }),
          },
        });
        req.on('response', (r) => {
          let body = '';
          r.on('data', (d) => (body += d));
          r.on('end', () =>
            resolve({
              status: r.statusCode!,
              body,
              outcome: r.headers['upload-outcome'] as string | undefined,
            }),
          );
        });
        req.on('error', reject);
        req.end(data);
      });
    const refused = await send(true);
    expect(refused.status).toBe(411);
    expect(refused.body).toBe(messages.submissions.lengthRequired);
    const accepted = await send(false);
    expect(accepted).toMatchObject({ status: 204, outcome: 'accepted' });
  });
});

describe('a resumption while the lost connection’s request still holds the upload', () => {
  it('takes the upload over, keeps the bytes that arrived, and the file completes from there', async () => {
    const eventId = await newEvent();
    const data = await paddedPhoto(2 * MB);
    const tus = { 'tus-resumable': '1.0.0' };
    const location = await oneFileUpload(eventId, data);

    // A phone whose network went quiet mid-body: its PATCH says the whole file, sends half and stalls.
    const half = data.length / 2;
    const stalled = httpRequest(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(data.length),
      },
    });
    const stalledAnswer = new Promise<{ status: number; offset: string | undefined }>((resolve, reject) => {
      stalled.on('response', (r) => {
        r.resume();
        resolve({ status: r.statusCode!, offset: r.headers['upload-offset'] as string | undefined });
      });
      stalled.on('error', reject);
    });
    stalled.write(data.subarray(0, half));
    // Let the half reach the server's write before the phone comes back.
    await new Promise((resolve) => setTimeout(resolve, 300));

    // The phone, back on the network, asks where the file stands: the stalled request yields the
    // upload (after its drain time), and what it received is kept.
    const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: tus });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(await stalledAnswer).toEqual({ status: 204, offset: String(half) });
    stalled.destroy();

    const rest = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
      body: data.subarray(half),
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-outcome')).toBe('accepted');
    const rows = await t.db.select().from(media).where(eq(media.eventId, eventId));
    expect(rows.map((r) => r.sha256)).toEqual([sha256(data)]);
  }, 30_000);
});

describe('with S3-compatible storage', () => {
  it('stages the bytes on local disk and streams each finished file into the bucket, byte-identical', async () => {
    const s3 = await startS3Server();
    const storage = s3.storage();
    const app = await createTestApp({ storage });
    try {
      await app.app.listen({ host: '127.0.0.1', port: 0 });
      const own = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
      const host = await createActivatedUser(app);
      const created = await app.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: bearer(host.token),
        payload: { title: 'Elif ile Can', eventDate: new Date().toISOString() },
      });
      const eventId = created.json().event.id as string;
      const files = await Promise.all([9, 3].map((size) => paddedPhoto(size * MB)));
      const result = await uploadAsGuest({ apiBase: own, uploadBase: own, eventId, name: 'Ayşe', files });
      expect(result.outcomes).toEqual(['accepted', 'accepted']);
      const rows = await app.db.select().from(media).where(eq(media.eventId, eventId));
      expect(rows.map((r) => r.sha256).sort()).toEqual(files.map(sha256).sort());
      for (const row of rows) {
        const chunks: Buffer[] = [];
        for await (const chunk of await storage.get(row.objectKey)) chunks.push(chunk as Buffer);
        expect(sha256(Buffer.concat(chunks))).toBe(row.sha256);
      }
      expect(
        (await readdir(path.join(app.config.dataDir, 'tus'))).filter((n) => !n.endsWith('.json')),
      ).toEqual([]);
    } finally {
      await app.close();
      await s3.stop();
    }
  }, 60_000);
});
