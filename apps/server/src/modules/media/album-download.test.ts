import { execFile } from 'node:child_process';
import fsPromises, { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { createUrlSigner } from '../../http/signed-urls.ts';
import { createLocalDiskStorage } from '../../storage/local-disk-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { createTestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser, tamperSignature, type TestUser } from '../../testing/factories.ts';
import { mediaFixtures, type MediaFixtures } from '../../testing/media-fixtures.ts';
import { multipartBody, type BodyPart } from '../../testing/multipart-body.ts';
import { listeningAt, overSocket } from '../../testing/over-socket.ts';
import { albumArchive, type AlbumEntry } from './zip-stream.ts';

const exec = promisify(execFile);
const m = messages.media;

let f: MediaFixtures;
beforeAll(async () => {
  f = await mediaFixtures();
});

/** One app with its owner, and the helpers every test here uses on it. */
async function appWith(storage?: Storage) {
  const t = await createTestApp({ storage });
  const owner: TestUser = await createActivatedUser(t);
  const address = await listeningAt(t.app);
  return {
    t,
    owner,
    address,
    async newEvent(title = 'Ayşe & Mehmet Düğünü'): Promise<string> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: bearer(owner.token),
        payload: { title, eventDate: new Date().toISOString() },
      });
      return res.json().event.id;
    },
    async upload(eventId: string, kinds: ('jpeg' | 'png' | 'gif' | 'mp4')[]) {
      const parts: BodyPart[] = [{ name: 'uploader', value: 'Ayşe' }];
      for (const k of kinds)
        parts.push({ name: 'files', filename: path.basename(f[k]), data: await readFile(f[k]) });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/upload`,
        ...multipartBody(parts),
      });
      expect(res.statusCode).toBe(200);
    },
    async signedLink(eventId: string): Promise<string> {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/download-link`,
        headers: bearer(owner.token),
      });
      return res.json().url as string;
    },
  };
}

async function unzipTest(buffer: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ani-zip-'));
  try {
    const file = path.join(dir, 'album.zip');
    await writeFile(file, buffer);
    return (await exec('unzip', ['-t', file])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every header but the clock's, the request id and the connection's own. */
const headersOf = (res: { headers: Record<string, unknown> }) =>
  Object.fromEntries(
    Object.entries(res.headers).filter(
      ([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name),
    ),
  );

type OpenDownload = {
  status: number;
  headers: IncomingMessage['headers'];
  /** The rest of the answer (the archive, or the refusal's JSON). */
  body(): Promise<Buffer>;
  /** The client goes away mid-download. */
  drop(): void;
};

/** A download over its own connection, handed back at its headers: the body is read only if asked. */
function openDownload(
  base: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenDownload> {
  return new Promise((resolve, reject) => {
    const req: ClientRequest = httpRequest(`${base}${url}`, { headers, agent: false }, (res) => {
      res.pause();
      resolve({
        status: res.statusCode!,
        headers: res.headers,
        body: () =>
          new Promise((done, fail) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(Buffer.concat(chunks)));
            res.on('error', fail);
            res.resume();
          }),
        drop: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function eventually<T>(attempt: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await attempt();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}`);
}

describe('HEAD on the album download (local disk)', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith();
  });
  afterAll(() => app.t.close());

  /** Files of the album opened for reading while `run` runs. */
  async function filesOpenedDuring(run: () => Promise<unknown>): Promise<string[]> {
    const open = vi.spyOn(fsPromises, 'open');
    try {
      await run();
      return open.mock.calls.map(([file]) => String(file)).filter((file) => file.startsWith(app.t.dataDir));
    } finally {
      open.mockRestore();
    }
  }

  it('answers the headers GET would, whole and ranged, and reads no original', async () => {
    const eventId = await app.newEvent('Baş');
    await app.upload(eventId, ['jpeg', 'png', 'mp4']);
    const link = await app.signedLink(eventId);
    const send = overSocket(app.t.app);
    const cases: Record<string, string>[] = [
      {},
      { range: 'bytes=100-1999' },
      { range: 'bytes=0-0' },
      // A Range whose If-Range names another state: the whole archive, as for GET.
      { range: 'bytes=100-', 'if-range': '"zip-old"' },
    ];
    for (const headers of cases) {
      let head: Awaited<ReturnType<typeof send>> | undefined;
      const opened = await filesOpenedDuring(async () => {
        head = await send(link, { method: 'HEAD', headers });
      });
      expect(opened).toEqual([]);
      const get = await send(link, { headers });
      expect([headers, head!.statusCode]).toEqual([headers, get.statusCode]);
      expect(headersOf(head!)).toEqual(headersOf(get));
      expect(head!.rawPayload.length).toBe(0);
      expect(Number(get.headers['content-length'])).toBe(get.rawPayload.length);
    }
    const whole = await send(link);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const ranged = await send(link, { method: 'HEAD', headers: { range: 'bytes=100-1999' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-1999/${whole.rawPayload.length}`);
    expect(ranged.headers['content-length']).toBe('1900');
    expect(ranged.headers.etag).toBe(whole.headers.etag);
    // Past the end: 416 with the size, as GET says.
    const past = { range: `bytes=${whole.rawPayload.length}-` };
    const [headPast, getPast] = [
      await send(link, { method: 'HEAD', headers: past }),
      await send(link, { headers: past }),
    ];
    expect([headPast.statusCode, headPast.headers['content-range']]).toEqual([
      416,
      `bytes */${whole.rawPayload.length}`,
    ]);
    expect(headersOf(headPast)).toEqual(headersOf(getPast));
  });

  it('GET still reads the originals and streams a valid archive', async () => {
    const eventId = await app.newEvent('Gövde');
    await app.upload(eventId, ['jpeg', 'png']);
    const send = overSocket(app.t.app);
    let res: Awaited<ReturnType<typeof send>> | undefined;
    const opened = await filesOpenedDuring(async () => {
      res = await send(`/api/events/${eventId}/download`, { headers: bearer(app.owner.token) });
    });
    expect(opened.length).toBe(2);
    expect(res!.statusCode).toBe(200);
    expect(Number(res!.headers['content-length'])).toBe(res!.rawPayload.length);
    expect(await unzipTest(res!.rawPayload)).toContain('No errors detected');
  });

  it("answers HEAD the owner's way too: refusals keep GET's status", async () => {
    const eventId = await app.newEvent('Sahip');
    await app.upload(eventId, ['gif']);
    const send = overSocket(app.t.app);
    const url = `/api/events/${eventId}/download`;
    const owned = await send(url, { method: 'HEAD', headers: bearer(app.owner.token) });
    expect(owned.statusCode).toBe(200);
    expect(headersOf(owned)).toEqual(headersOf(await send(url, { headers: bearer(app.owner.token) })));
    expect((await send(url, { method: 'HEAD' })).statusCode).toBe(401);
    const empty = await app.newEvent('Boş');
    const emptyHead = await send(`/api/events/${empty}/download`, {
      method: 'HEAD',
      headers: bearer(app.owner.token),
    });
    expect(emptyHead.statusCode).toBe(404);
  });
});

/**
 * Local disk seen as an object store (no local path, so the archive reads each original with `get`),
 * where a test decides how each read goes: through, held after its first bytes until the test lets
 * it finish, or failing after its first bytes.
 */
function controlledStorage(root: string) {
  const disk = createLocalDiskStorage({ root, signer: createUrlSigner('0'.repeat(64)) });
  const held = new Set<() => void>();
  const state = { mode: 'through' as 'through' | 'hold' | 'fail', reads: 0 };
  const storage: Storage = {
    put: (key, body) => disk.put(key, body),
    putFile: (key, file) => disk.putFile!(key, file),
    stat: (key) => disk.stat(key),
    delete: (key) => disk.delete(key),
    signedUrl: (key, options) => disk.signedUrl(key, options),
    async get(key, range) {
      state.reads++;
      const real = await disk.get(key, range);
      if (state.mode === 'through') return real;
      const bytes = Buffer.concat(await real.toArray());
      const out = new PassThrough();
      out.write(bytes.subarray(0, 1));
      if (state.mode === 'fail') {
        setImmediate(() => out.destroy(new Error('storage failed')));
        return out;
      }
      const finish = () => {
        held.delete(finish);
        out.end(bytes.subarray(1));
      };
      held.add(finish);
      out.on('close', () => held.delete(finish));
      return out;
    },
  };
  return { storage, state, held };
}

describe('album downloads running at once (object storage)', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  let control: ReturnType<typeof controlledStorage>;
  let root: string;
  let stranger: TestUser;
  const open: OpenDownload[] = [];
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ani-held-'));
    control = controlledStorage(root);
    app = await appWith(control.storage);
    // Made before any read is held: signing up runs the job queue, whose image derivations read too.
    stranger = await createActivatedUser(app.t);
  });
  afterEach(async () => {
    for (const download of open.splice(0)) download.drop();
    control.state.mode = 'through';
    // Every slot is free again before the next test: a probe of the process bound gets through.
    await eventually(async () => (control.held.size === 0 ? true : undefined), 'held reads closed');
  });
  afterAll(async () => {
    await app.t.close();
    await rm(root, { recursive: true, force: true });
  });

  /** A download that has its headers and now waits on storage (held). */
  async function hold(url: string, headers: Record<string, string> = {}): Promise<OpenDownload> {
    const download = await openDownload(app.address, url, headers);
    open.push(download);
    return download;
  }

  async function refused(url: string, headers: Record<string, string> = {}) {
    const download = await openDownload(app.address, url, headers);
    const body = (await download.body()).toString();
    return { status: download.status, retryAfter: download.headers['retry-after'], body };
  }

  it('HEAD reads nothing from object storage; GET reads every original and makes a valid archive', async () => {
    const eventId = await app.newEvent('Nesne');
    await app.upload(eventId, ['jpeg', 'png', 'gif']);
    const link = await app.signedLink(eventId);
    const send = overSocket(app.t.app);
    const before = control.state.reads;
    const head = await send(link, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(control.state.reads).toBe(before);
    const get = await send(link);
    expect(control.state.reads).toBe(before + 3);
    expect(headersOf(head)).toEqual(headersOf(get));
    expect(await unzipTest(get.rawPayload)).toContain('No errors detected');
  });

  it(`lets ${limits.albumDownloadsPerEvent} downloads of one album run, by link or by the owner, and refuses the next with 429`, async () => {
    const eventId = await app.newEvent('Kalabalık');
    await app.upload(eventId, ['jpeg', 'png']);
    const link = await app.signedLink(eventId);
    const owned = `/api/events/${eventId}/download`;
    control.state.mode = 'hold';
    const running = [];
    for (let i = 0; i < limits.albumDownloadsPerEvent; i++)
      running.push(await hold(i % 2 ? link : owned, i % 2 ? {} : bearer(app.owner.token)));
    expect(running.map((d) => d.status)).toEqual(running.map(() => 200));
    for (const [url, headers] of [
      [link, {}],
      [owned, bearer(app.owner.token)],
      // A tab opening a mailed link is told to wait, not sent to the "invalid link" page.
      [link, { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }],
    ] as const) {
      const answer = await refused(url, headers);
      expect(answer.status).toBe(429);
      expect(answer.retryAfter).toBe('30');
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        message: m.albumDownloadsBusy,
        code: 'RATE_LIMITED',
      });
    }
    // HEAD says what GET would.
    const head = await overSocket(app.t.app)(link, { method: 'HEAD' });
    expect([head.statusCode, head.headers['retry-after']]).toEqual([429, '30']);
    // Another album is not held up by this one.
    const other = await app.newEvent('Diğer');
    await app.upload(other, ['gif']);
    expect((await hold(await app.signedLink(other))).status).toBe(200);
    // Whoever may not have the album is refused as before, and never takes a place.
    expect((await refused(owned, bearer(stranger.token))).status).toBe(404);
    expect((await refused(tamperSignature(link))).status).toBe(403);
  });

  it('frees the place of a download that finished, over and over', async () => {
    const eventId = await app.newEvent('Tekrar');
    await app.upload(eventId, ['jpeg', 'png']);
    const link = await app.signedLink(eventId);
    const send = overSocket(app.t.app);
    const first = await send(link);
    for (let i = 0; i < limits.albumDownloadsPerEvent + 2; i++) {
      const again = await send(link);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const head = await send(link, { method: 'HEAD' });
      expect(head.statusCode).toBe(200);
    }
    expect(await unzipTest(first.rawPayload)).toContain('No errors detected');
  });

  it('frees the place of a held download once it finishes, and of one whose client went away', async () => {
    const eventId = await app.newEvent('Bırakılan');
    await app.upload(eventId, ['png']);
    const link = await app.signedLink(eventId);
    control.state.mode = 'hold';
    const running: OpenDownload[] = [];
    for (let i = 0; i < limits.albumDownloadsPerEvent; i++) running.push(await hold(link));
    expect((await refused(link)).status).toBe(429);

    // One finishes (whichever read was held first): its client has every byte and the place is free.
    // The others are cut at the end of the test: their bodies never settle the race.
    const bodies = running.map((d, i) =>
      d.body().then(
        (bytes) => ({ i, bytes }),
        () => new Promise<never>(() => undefined),
      ),
    );
    [...control.held][0]!();
    const { i: done, bytes } = await Promise.race(bodies);
    expect(bytes.length).toBe(Number(running[done]!.headers['content-length']));
    expect(await unzipTest(bytes)).toContain('No errors detected');
    const next = await eventually(async () => {
      const d = await openDownload(app.address, link);
      if (d.status === 200) return d;
      await d.body();
      return undefined;
    }, 'a finished download frees its place');
    open.push(next);
    expect((await refused(link)).status).toBe(429);

    // A client goes away while its read is held (storage never finishes it): the place is free.
    running[(done + 1) % running.length]!.drop();
    const after = await eventually(async () => {
      const d = await openDownload(app.address, link);
      if (d.status === 200) return d;
      await d.body();
      return undefined;
    }, 'a dropped download frees its place');
    open.push(after);
    expect((await refused(link)).status).toBe(429);
  });

  it('frees the place of a download cut off by a failed read', async () => {
    const eventId = await app.newEvent('Bozuk');
    await app.upload(eventId, ['jpeg']);
    const link = await app.signedLink(eventId);
    control.state.mode = 'fail';
    for (let i = 0; i < limits.albumDownloadsPerEvent + 2; i++) {
      const download = await openDownload(app.address, link);
      expect(download.status).toBe(200);
      // The connection is cut: fewer bytes than announced, or an error.
      const got = await download.body().catch(() => null);
      if (got) expect(got.length).toBeLessThan(Number(download.headers['content-length']));
    }
    control.state.mode = 'through';
    const whole = await overSocket(app.t.app)(link);
    expect(whole.statusCode).toBe(200);
    expect(await unzipTest(whole.rawPayload)).toContain('No errors detected');
  });

  it(`runs at most ${limits.albumDownloadsPerProcess} album downloads in all, whatever the album`, async () => {
    const perEvent = limits.albumDownloadsPerEvent;
    const events = Math.ceil(limits.albumDownloadsPerProcess / perEvent);
    control.state.mode = 'hold';
    const running: OpenDownload[] = [];
    for (let e = 0; e < events; e++) {
      const eventId = await app.newEvent(`Düğün ${e}`);
      await app.upload(eventId, ['gif']);
      const link = await app.signedLink(eventId);
      for (let i = 0; i < perEvent && running.length < limits.albumDownloadsPerProcess; i++)
        running.push(await hold(link));
    }
    expect(running.map((d) => d.status)).toEqual(running.map(() => 200));
    const last = await app.newEvent('Bir fazlası');
    await app.upload(last, ['gif']);
    const lastLink = await app.signedLink(last);
    const answer = await refused(lastLink);
    expect([answer.status, answer.retryAfter]).toEqual([429, '30']);
    expect(JSON.parse(answer.body).message).toBe(m.serverDownloadsBusy);
    running[0]!.drop();
    const admitted = await eventually(async () => {
      const d = await openDownload(app.address, lastLink);
      if (d.status === 200) return d;
      await d.body();
      return undefined;
    }, 'a dropped download frees its place in all');
    open.push(admitted);
  });
});

describe('AlbumZip.writeTo', () => {
  it('reads nothing for a client that left before the first byte', async () => {
    const opened: number[] = [];
    const entry = (i: number): AlbumEntry => ({
      open: async () => {
        opened.push(i);
        return Readable.from([Buffer.alloc(10)]);
      },
      size: 10,
      crc32: 0,
      extension: 'jpg',
      uploader: null,
      uploadedAt: new Date('2025-06-01T12:00:00Z'),
      note: null,
    });
    const zip = albumArchive([entry(0), entry(1)], { header: ['a'], fileName: 'n.csv' }).open();
    const gone = new Writable({ write: (_chunk, _encoding, done) => done() });
    gone.destroy();
    await new Promise((r) => gone.once('close', r));
    await zip.writeTo(gone);
    expect(opened).toEqual([]);
  });
});
