// Resumable uploads: 3 guests × 30 photos (300 MB) over tus with the real client (tus-js-client),
// straight to the server (three rounds, in turn with the baseline's) and once through a proxy that
// cuts every connection; beside them the
// same bytes through the multipart path (curl, 10 photos a request), written from memory to a file,
// and — the goal's baseline (decision 0120) — sent by the same client in the same requests to a bare
// node:http receiver that appends each PATCH body to a file, all measured in this run. Every file
// must land byte-identical, exactly once.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { tusChunkBytes } from '../packages/contract/src/uploads.ts';
import { media } from '../apps/server/src/db/schema/index.ts';
import { multipartBody } from '../apps/server/src/testing/multipart-body.ts';
import { cuttingProxy, paddedPhoto, tusSend, uploadAsGuest } from '../apps/server/src/testing/tus-guests.ts';
import { startBareReceiver } from './bare-receiver.ts';
import { curlPostOk, fmt, mb, percentile, report, startServer } from './lib.ts';

const guests = 3;
const filesPerGuest = 30;
const totalBytes = 300 * 2 ** 20;
const fileSize = Math.floor(totalBytes / (guests * filesPerGuest));
const cutAfterBytes = 6 * 2 ** 20;
/** Rounds of the baseline and of the API, taken in turn. */
const pairs = 3;

type Server = Awaited<ReturnType<typeof startServer>>;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export async function run() {
  const server = await startServer();
  try {
    const photos = await Promise.all(
      Array.from({ length: guests }, () =>
        Promise.all(Array.from({ length: filesPerGuest }, () => paddedPhoto(fileSize))),
      ),
    );
    const bytes = photos.flat().reduce((sum, p) => sum + p.length, 0);

    // The same bytes written from memory to a file: no socket, no requests.
    const rawFile = path.join(server.dataDir, 'raw.bin');
    let t = performance.now();
    await pipeline(Readable.from(photos.flat()), createWriteStream(rawFile));
    const rawMs = performance.now() - t;
    await rm(rawFile);

    // The multipart path: each guest's photos, 10 a request, guests at once (curl streams the bodies).
    const multipartEvent = await server.createEvent();
    const bodies = await Promise.all(
      photos.map(async (files, g) => {
        const out: { file: string; type: string }[] = [];
        for (let i = 0; i < files.length; i += 10) {
          const body = multipartBody([
            { name: 'uploader', value: `Misafir ${g + 1}` },
            ...files.slice(i, i + 10).map((data, j) => ({ name: 'files', filename: `p${i + j}.jpg`, data })),
          ]);
          const file = path.join(server.dataDir, `body-${g}-${i}.bin`);
          await pipeline(body.payload, createWriteStream(file));
          out.push({ file, type: body.headers['content-type']! });
        }
        return out;
      }),
    );
    t = performance.now();
    await Promise.all(
      bodies.map(async (list) => {
        for (const { file, type } of list)
          await curlPostOk(`${server.base}/api/events/${multipartEvent}/upload`, file, type);
      }),
    );
    const multipartMs = performance.now() - t;
    for (const list of bodies) for (const { file } of list) await rm(file);

    // The plain stream to disk for tus: the same client, the same files one at a time per guest,
    // the same creation and PATCH requests (each body at most tusChunkBytes; these photos fit in
    // one), to a receiver that only appends each body to a file. What tus's protocol costs per file
    // is in both; what the API adds (its checks, the store's bookkeeping, the commit) is not here.
    async function bareRound(): Promise<number> {
      const bare = await startBareReceiver(path.join(server.dataDir, 'bare'));
      try {
        const start = performance.now();
        await Promise.all(
          photos.map(async (files) => {
            for (const data of files) await tusSend(`${bare.base}/files`, data);
          }),
        );
        const ms = performance.now() - start;
        if (bare.written() !== bytes)
          throw new Error(`bare receiver wrote ${bare.written()} of ${bytes} bytes`);
        return ms;
      } finally {
        await bare.close();
      }
    }

    async function tusRound(target: Server, uploadBase = target.base) {
      const eventId = await target.createEvent();
      const start = performance.now();
      const results = await Promise.all(
        photos.map((files, g) =>
          uploadAsGuest({ apiBase: target.base, uploadBase, eventId, name: `Misafir ${g + 1}`, files }),
        ),
      );
      const ms = performance.now() - start;
      const outcomes = results.flatMap((r) => r.outcomes);
      if (outcomes.some((o) => o !== 'accepted')) throw new Error(`outcomes: ${outcomes.join(',')}`);
      // Byte-identical, exactly once.
      const rows = await target.db.select().from(media).where(eq(media.eventId, eventId));
      const expected = new Set(photos.flat().map(sha256));
      if (rows.length !== expected.size) throw new Error(`${rows.length} rows for ${expected.size} files`);
      for (const row of rows) {
        const stored = sha256(await readFile(path.join(target.dataDir, 'media', row.objectKey)));
        if (stored !== row.sha256 || !expected.delete(stored)) throw new Error(`file ${row.id} differs`);
      }
      return ms;
    }

    // On this kind of shared machine one round of either moves by a third from run to run (decision
    // 0126): the baseline and the API take turns, and each figure is the median of its rounds.
    const bareTimes: number[] = [];
    const tusTimes: number[] = [];
    for (let i = 0; i < pairs; i++) {
      if (i % 2) tusTimes.push(await tusRound(server));
      bareTimes.push(await bareRound());
      if (!(i % 2)) tusTimes.push(await tusRound(server));
    }
    const bareMs = percentile(bareTimes, 50);
    const tusMs = percentile(tusTimes, 50);
    const proxy = await cuttingProxy(Number(new URL(server.base).port), cutAfterBytes);
    let cutMs: number;
    try {
      cutMs = await tusRound(server, proxy.base);
    } finally {
      await proxy.close();
    }
    // The same round with the database in its own process (BENCH_DATABASE_URL): what the embedded
    // one's work on the server's own thread costs.
    let postgresMs: number | undefined;
    if (process.env.BENCH_DATABASE_URL) {
      const onPostgres = await startServer({ databaseUrl: process.env.BENCH_DATABASE_URL });
      try {
        postgresMs = await tusRound(onPostgres);
      } finally {
        await onPostgres.close();
      }
    }
    const resent = proxy.bytes().fromClients - bytes;
    const rounds = pairs + (postgresMs ? 2 : 1);
    const rate = (ms: number) => fmt(mb(bytes) / (ms / 1000));
    report(`tus: ${guests} guests × ${filesPerGuest} photos, ${fmt(mb(bytes))} MB, loopback`, {
      'memory to file, no socket (MB/s)': rate(rawMs),
      'rounds of the baseline and of tus, in turn (medians)': pairs,
      'plain stream: tus-js-client -> bare (MB/s)': rate(bareMs),
      'multipart path, curl (MB/s)': rate(multipartMs),
      'tus, tus-js-client in-process (MB/s)': rate(tusMs),
      'ratio tus / multipart': fmt(multipartMs / tusMs, 2),
      'ratio tus / plain stream (goal >= 0.5)': fmt(bareMs / tusMs, 2),
      'tus on PostgreSQL (MB/s)': postgresMs ? rate(postgresMs) : 'skipped (set BENCH_DATABASE_URL)',
      'ratio tus on PostgreSQL / plain stream': postgresMs ? fmt(bareMs / postgresMs, 2) : '-',
      [`tus through a proxy cutting at ${mb(cutAfterBytes)} MB (MB/s)`]: rate(cutMs),
      'connections cut': proxy.cuts(),
      'bytes re-sent per cut (KiB, headers incl.)': `${fmt(resent / proxy.cuts() / 1024, 0)} (goal <= ${tusChunkBytes / 1024})`,
      'files landed byte-identical, exactly once': `${rounds * guests * filesPerGuest} / ${rounds * guests * filesPerGuest}`,
    });
  } finally {
    await server.close();
  }
}

if (import.meta.main) await run();
