// Album ZIP: a generated album (ZIP_BENCH_MB, default 2048 MB, in 8 MB photos) streamed to an HTTP
// client over loopback versus reading the same files from disk; peak RSS during the download.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { events, media } from '../apps/server/src/db/schema/index.ts';
import { fmt, mb, report, rssSampler, startServer } from './lib.ts';

const albumMb = Number(process.env.ZIP_BENCH_MB ?? 2048);
const photoBytes = 8 * 2 ** 20;

function zeros(size: number): Readable {
  const chunk = Buffer.alloc(2 ** 20, 0x5a);
  return Readable.from(
    (function* () {
      for (let left = size; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );
}

/** curl in its own process is the client (like a phone's download manager), writing to /dev/null. */
function download(url: string, headers: Record<string, string>): Promise<number> {
  const args = ['-s', '-o', '/dev/null', '-w', '%{http_code} %{size_download}'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  return new Promise((resolve, reject) => {
    execFile('curl', [...args, url], (error, stdout) => {
      const [status, size] = stdout.split(' ');
      if (error || status !== '200') reject(error ?? new Error(`status ${status}`));
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

    const sampler = rssSampler();
    t = performance.now();
    const received = await download(`${server.base}/api/events/${eventId}/download`, server.auth);
    const zipMs = performance.now() - t;
    const rss = sampler.stop();

    report(`zip: ${count} photos, ${fmt(mb(totalBytes), 0)} MB album, loopback (client: curl)`, {
      'read files from disk (MB/s)': fmt(mb(totalBytes) / (baselineMs / 1000)),
      'ZIP download (MB/s)': `${fmt(mb(received) / (zipMs / 1000))} (target >= 200)`,
      'ratio ZIP / disk read': fmt(baselineMs / zipMs, 2),
      'peak RSS growth (MB)': `${fmt(rss.growthMb)} (peak ${fmt(rss.peakMb)} MB; target growth <= 128)`,
    });
  } finally {
    await server.close();
  }
}

if (import.meta.main) await run();
