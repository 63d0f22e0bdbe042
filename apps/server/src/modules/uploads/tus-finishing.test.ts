import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { uploadOutcomeHeader } from '@ani/contract/uploads';
import { createUrlSigner } from '../../http/signed-urls.ts';
import { createLocalDiskStorage } from '../../storage/local-disk-storage.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser } from '../../testing/factories.ts';
import { paddedPhoto } from '../../testing/tus-guests.ts';
import type { MediaUploadsApi } from '../media/media.public.ts';
import type { SubmissionFileRow, SubmissionRow, UploadsRepository } from './uploads.repository.ts';
import { createUploadsService, type Staging } from './uploads.service.ts';

const s = messages.submissions;
const tus = { 'tus-resumable': '1.0.0' };
const b64 = (v: string) => Buffer.from(v).toString('base64');

let t: TestApp;
let base: string;
let token: string;
// Holds a commit after the staged file has moved into the album, as the album row's lock holds it
// behind other guests' commits at a wedding's peak.
let gate: Promise<void> | null = null;
let moved: (() => void) | null = null;

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'tus-finishing-'));
  const disk = createLocalDiskStorage({ root, signer: createUrlSigner('tus-finishing') });
  const storage = {
    ...disk,
    async putFile(key: string, file: string) {
      await disk.putFile!(key, file);
      moved?.();
      if (gate) await gate;
    },
  };
  t = await createTestApp({ storage });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = (await createActivatedUser(t)).token;
});
afterAll(() => t.close());

async function submission(name: string, size: number) {
  const ev = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(token),
    payload: { title: 'Elif ile Can', eventDate: new Date().toISOString() },
  });
  const eventId = ev.json().event.id as string;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/submissions`,
    payload: { uploader: 'Zeynep', files: [{ name, size, type: 'image/jpeg' }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { submissionId, guestToken } = res.json() as { submissionId: string; guestToken: string };
  return { eventId, submissionId, guestToken };
}

describe('a file whose last chunk’s answer was lost while its commit waits', () => {
  it('is told complete by its HEAD and by its creation made again, and ends accepted', async () => {
    const photo = await paddedPhoto(200_000);
    const sub = await submission('a.jpg', photo.length);
    const createHeaders = {
      ...tus,
      'upload-length': String(photo.length),
      'upload-metadata': `submissionId ${b64(sub.submissionId)},filename ${b64('a.jpg')}`,
    };
    const created = await fetch(`${base}/api/uploads`, { method: 'POST', headers: createHeaders });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    const movedIntoAlbum = new Promise<void>((resolve) => (moved = resolve));
    try {
      const patch = fetch(`${base}${location}`, {
        method: 'PATCH',
        body: photo,
        headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      });
      await movedIntoAlbum;
      // The phone, without the PATCH's answer, asks where the file stands and then creates it again.
      const head = fetch(`${base}${location}`, { method: 'HEAD', headers: tus });
      const again = fetch(`${base}/api/uploads`, { method: 'POST', headers: createHeaders });
      await sleep(300);
      release();
      const [headed, recreated, patched] = await Promise.all([head, again, patch]);

      expect(headed.status).toBe(200);
      expect(headed.headers.get('upload-offset')).toBe(String(photo.length));
      expect(recreated.status, await recreated.text()).toBe(201);
      expect(recreated.headers.get('location')).toBe(location);
      expect(recreated.headers.get('upload-offset')).toBe(String(photo.length));
      expect(recreated.headers.get(uploadOutcomeHeader)).toBe('accepted');
      expect(patched.status).toBe(204);
      expect(patched.headers.get(uploadOutcomeHeader)).toBe('accepted');
    } finally {
      release();
      gate = null;
      moved = null;
    }

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/events/${sub.eventId}/submissions/${sub.submissionId}`,
      headers: { 'x-guest-token': sub.guestToken },
    });
    expect(status.json().files).toMatchObject([{ name: 'a.jpg', state: 'accepted' }]);
    // A HEAD after the commit still answers complete.
    const later = await fetch(`${base}${location}`, { method: 'HEAD', headers: tus });
    expect(later.status).toBe(200);
  });
});

describe('a file whose last chunk’s answer was lost after its commit finished', () => {
  it('is told complete, with the commit’s outcome, by its creation made again; the album holds it once', async () => {
    const photo = await paddedPhoto(60_000);
    const sub = await submission('a.jpg', photo.length);
    const create = (name: string, length: number) =>
      fetch(`${base}/api/uploads`, {
        method: 'POST',
        headers: {
          ...tus,
          'upload-length': String(length),
          'upload-metadata': `submissionId ${b64(sub.submissionId)},filename ${b64(name)}`,
        },
      });
    const created = await create('a.jpg', photo.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patched = await fetch(`${base}${location}`, {
      method: 'PATCH',
      body: photo,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    expect(patched.headers.get(uploadOutcomeHeader)).toBe('accepted');

    // The phone never saw that answer: a moment later it creates the same file again.
    const again = await create('a.jpg', photo.length);
    expect(again.status, await again.text()).toBe(201);
    expect(again.headers.get('location')).toBe(location);
    expect(again.headers.get('upload-offset')).toBe(String(photo.length));
    expect(again.headers.get(uploadOutcomeHeader)).toBe('accepted');
    const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: tus });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(photo.length));

    // A file this submission never declared is still refused: another name, or another size.
    for (const [name, length] of [
      ['b.jpg', photo.length],
      ['a.jpg', photo.length + 1],
    ] as const) {
      const undeclared = await create(name, length);
      expect(undeclared.status, name).toBe(400);
      expect(await undeclared.text(), name).toBe(s.tooManyFiles);
    }

    const album = await t.app.inject({
      method: 'GET',
      url: `/api/events/${sub.eventId}/photos?status=all`,
      headers: bearer(token),
    });
    expect(album.json().photos).toHaveLength(1);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/events/${sub.eventId}/submissions/${sub.submissionId}`,
      headers: { 'x-guest-token': sub.guestToken },
    });
    expect(status.json().files).toMatchObject([{ name: 'a.jpg', state: 'accepted' }]);
  });
});

describe('a HEAD whose file’s commit finishes while its row is being read', () => {
  /** The service over a file row that reads as `states` in turn, with no bytes staged. */
  function serviceReading(...states: SubmissionFileRow['state'][]) {
    const row = (state: SubmissionFileRow['state']) => ({
      file: { uploadId: 'u1', size: 1000, state, reason: null } as SubmissionFileRow,
      submission: {} as SubmissionRow,
      eventTakesUploads: true,
    });
    let reads = 0;
    const repository = {
      findByUpload: async () => row(states[Math.min(reads++, states.length - 1)]!),
    } as unknown as UploadsRepository;
    const staging = { offset: async () => null } as unknown as Staging;
    return createUploadsService({
      repository,
      events: { takesUploads: () => sql`true` },
      media: {} as MediaUploadsApi,
      staging,
    });
  }

  it('reads the row again and answers the file complete', async () => {
    expect(await serviceReading('receiving', 'accepted').whereIs('u1')).toEqual({ complete: 1000 });
    expect(await serviceReading('receiving', 'duplicate').whereIs('u1')).toEqual({ complete: 1000 });
  });

  it('leaves a file still receiving with nothing staged to the store’s answer', async () => {
    expect(await serviceReading('receiving', 'receiving').whereIs('u1')).toBeNull();
  });
});

describe('a NUL byte in an upload’s address or metadata', () => {
  it('is refused as a malformed request, never a server error; the same requests without it go through', async () => {
    const photo = await paddedPhoto(50_000);
    const sub = await submission('a.jpg', photo.length);
    const create = (filename: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...tus,
          'upload-length': String(photo.length),
          'upload-metadata': `submissionId ${b64(sub.submissionId)},filename ${b64(filename)}`,
        },
      });
    const withNul = await create('a\0.jpg');
    expect(withNul.statusCode).toBe(400);
    expect(withNul.body).toBe(s.protocolInvalid);
    const nulInSubmission = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...tus,
        'upload-length': String(photo.length),
        'upload-metadata': `submissionId ${b64(`${sub.submissionId}\0`)},filename ${b64('a.jpg')}`,
      },
    });
    expect(nulInSubmission.statusCode).toBe(400);
    expect(nulInSubmission.body).toBe(s.protocolInvalid);
    const created = await create('a.jpg');
    expect(created.statusCode).toBe(201);

    const patchHeaders = { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
    for (const [method, headers] of [
      ['PATCH', patchHeaders],
      ['HEAD', tus],
      ['DELETE', tus],
    ] as const) {
      const payload = method === 'PATCH' ? 'x' : undefined;
      const nul = await t.app.inject({ method, url: '/api/uploads/a%00b', headers, payload });
      expect(nul.statusCode, method).toBe(400);
      if (method !== 'HEAD') expect(nul.body, method).toBe(s.protocolInvalid);
      // Its twin without the NUL names no upload: a refusal of its own, not a malformed request.
      const twin = await t.app.inject({ method, url: '/api/uploads/ab', headers, payload });
      expect(twin.statusCode, method).toBe(404);
    }
    const patched = await t.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: patchHeaders,
      payload: photo,
    });
    expect(patched.statusCode, patched.body).toBe(204);
    expect(patched.headers[uploadOutcomeHeader]).toBe('accepted');
  });
});
