// Album ZIP: a generated album (ZIP_BENCH_MB, default 2048 MB, in 8 MB photos) streamed to an HTTP
// client over loopback versus reading the same files from disk and versus nginx sending a pre-built
// archive of the same bytes; peak RSS during the download. The app and nginx take turns
// (ZIP_BENCH_ROUNDS, default 3) so a busy shared machine slows both alike; every round is reported.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { events, media } from '../apps/server/src/db/schema/index.ts';
import { fmt, mb, percentile, report, rssSampler, startNginx, startServer } from './lib.ts';

const albumMb = Number(process.env.ZIP_BENCH_MB ?? 2048);
const rounds = Number(process.env.ZIP_BENCH_ROUNDS ?? 3);
const photoBytes = 8 * 2 ** 20;
const chunk = Buffer.alloc(2 ** 20, 0x5a);
// Recorded at upload in the product; without it the first download would also read every file
// once to backfill the CRCs (the path for rows from before CRCs were recorded), which is not
// what a download costs.
const photoCrc = Array.from({ length: photoBytes / chunk.length }).reduce<number>(
  (crc) => crc32(chunk, crc),
  0,
);

function zeros(size: number): Readable {
  return Readable.from(
    (function* () {
      for (let left = size; left > 0; left -= chunk.length)
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );
}

/** curl in its own process is the client (like a phone's download manager), writing to `out`. */
function download(url: string, headers: Record<string, string>, out = '/dev/null'): Promise<number> {
  const args = ['-s', '-o', out, '-w', '%{http_code} %{size_download}'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  return new Promise((resolve, reject) => {
    execFile('curl', [...args, url], (error, stdout) => {
      const [status, size] = stdout.split(' ');
      if (error || (status !== '200' && status !== '206')) reject(error ?? new Error(`status ${status}`));
      else resolve(Number(size));
    });
  });
}

export async function run() {
  const server = await startServer();
  try {
    const eventId = await server.createEvent('Büyük Albüm');
    const count = Math.max(1, Math.round((albumMb * 2 ** 20) / photoBytes));
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const key = `events/${eventId}/${randomUUID()}.jpg`;
      await server.storage.put(key, zeros(photoBytes));
      keys.push(key);
    }
    await server.db.insert(media).values(
      keys.map((key, i) => ({
        id: randomUUID(),
        eventId,
        objectKey: key,
        type: 'image' as const,
        mimeType: 'image/jpeg',
        size: photoBytes,
        crc32: photoCrc,
        sha256: '-',
        uploader: `Misafir ${i % 40}`,
        note: i % 3 ? null : 'Mutluluklar!',
        uploadedAt: new Date(Date.now() - (count - i) * 1000),
      })),
    );
    await server.db.update(events).set({ photoCount: sql`${count}` });
    const totalBytes = count * photoBytes;

    // Baseline: read every file from disk, one after another, as the ZIP does.
    let t = performance.now();
    for (const key of keys) {
      for await (const _chunk of createReadStream(path.join(server.dataDir, 'media', key))) void _chunk;
    }
    const baselineMs = performance.now() - t;

    const url = `${server.base}/api/events/${eventId}/download`;
    const sampler = rssSampler();
    t = performance.now();
    const received = await download(url, server.auth);
    const rss = sampler.stop();
    const zipMs = [performance.now() - t];

    // Baseline 2: nginx sending a pre-built archive of the same album (sendfile), to the same client.
    const built = path.join(server.dataDir, 'album.zip');
    await download(url, server.auth, built);
    const nginx = await startNginx({ server: `location / { root ${server.dataDir}; }` });
    const nginxMs: number[] = [];
    if (nginx) {
      await download(`${nginx.base}/album.zip`, {}); // warm the page cache like the app's run
      for (let round = 0; round < rounds; round++) {
        t = performance.now();
        await download(`${nginx.base}/album.zip`, {});
        nginxMs.push(performance.now() - t);
        if (round === rounds - 1) break;
        t = performance.now();
        await download(url, server.auth);
        zipMs.push(performance.now() - t);
      }
      await nginx.stop();
    }
    const speed = (ms: number) => mb(received) / (ms / 1000);
    // Round i: the app's download i and nginx's download i, back to back.
    const ratios = nginxMs.map((ms, i) => ms / zipMs[i]!);
    // A resume near the end: only the rest is read (the archive's layout is known up front).
    const tail = Math.floor(received / 10);
    t = performance.now();
    await download(url, {
      ...server.auth,
      range: `bytes=${received - tail}-`,
    });
    const resumeMs = performance.now() - t;

    report(`zip: ${count} photos, ${fmt(mb(totalBytes), 0)} MB album, loopback (client: curl)`, {
      'read files from disk (MB/s): baseline 1': fmt(mb(totalBytes) / (baselineMs / 1000)),
      'nginx, pre-built archive (MB/s): baseline 2': nginx
        ? nginxMs.map((ms) => fmt(speed(ms), 0)).join(', ')
        : 'skipped (apt-get install nginx-light)',
      'ZIP download (MB/s)': `${zipMs.map((ms) => fmt(speed(ms), 0)).join(', ')} (target >= 200)`,
      'ratio ZIP / disk read (first download)': fmt(baselineMs / zipMs[0]!, 2),
      'ratio ZIP / nginx pre-built, per round': nginx
        ? `${ratios.map((r) => fmt(r, 2)).join(', ')}; median ${fmt(percentile(ratios, 50), 2)} (goal >= 0.5)`
        : '-',
      'resume of the last 10 % (ms)': `${fmt(resumeMs, 0)} (whole archive ${fmt(zipMs[0]!, 0)} ms)`,
      'peak RSS growth (MB)': `${fmt(rss.growthMb)} (peak ${fmt(rss.peakMb)} MB; target growth <= 128)`,
    });
  } finally {
    await server.close();
  }
}

if (import.meta.main) await run();
