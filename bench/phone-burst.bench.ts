// A guest's burst from a new phone: 9 distinct 12 MP HEIC photos, then 9 AVIF, each set in one
// upload, then every thumbnail and preview made, against the server started as `npm start` starts it
// in its own process (this one is only the phone). Reported: peak RSS of the server's process and
// its children (the HEIC decoder is a worker inside it, ffmpeg and friends are children), above the
// server idle before the burst, and the time until the album is complete. Goal: the server and its
// children stay under 1 GB in total. Baseline in the same run: a bare sharp decode + resize of one of the AVIFs.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { multipartBody } from '../apps/server/src/testing/multipart-body.ts';
import { fmt, mb, report, startServerAsProcess, treeSampler } from './lib.ts';
import { phoneLikePhoto } from './test-photos.ts';

const exec = promisify(execFile);
const count = 9;

/** Nine distinct 12 MP photos in one format, made once per machine (HEIC encoding takes a while). */
async function burstFiles(format: 'heic' | 'avif'): Promise<string[]> {
  const dir = path.join(tmpdir(), 'ani-bench-burst-v1');
  await mkdir(dir, { recursive: true });
  const source = path.join(dir, 'source.jpg');
  if (!existsSync(source)) await phoneLikePhoto(source);
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `photo-${i}.${format}`);
    files.push(file);
    if (existsSync(file)) continue;
    // A different crop each, so no two files are the same bytes (an album keeps one of duplicates).
    const crop = sharp(source).extract({ left: i, top: i, width: 4000 - 2 * i, height: 3000 - 2 * i });
    const work = `${file}.${process.pid}`;
    if (format === 'avif') {
      await crop.avif({ quality: 50, effort: 2 }).toFile(work);
    } else {
      const jpeg = `${work}.jpg`;
      await crop.jpeg({ quality: 92 }).toFile(jpeg);
      await exec('heif-enc', ['-q', '60', jpeg, '-o', work], { timeout: 5 * 60_000 });
    }
    await rename(work, file);
  }
  return files;
}

async function burst(format: 'heic' | 'avif') {
  const dir = path.join(tmpdir(), 'ani-bench-burst-v1');
  const files = Array.from({ length: count }, (_, i) => path.join(dir, `photo-${i}.${format}`));
  const server = await startServerAsProcess();
  try {
    const body = multipartBody([
      { name: 'uploader', value: 'Yeni Telefon' },
      ...(await Promise.all(
        files.map(async (file, i) => ({
          name: 'files',
          filename: `IMG_${4820 + i}.${format.toUpperCase()}`,
          data: await readFile(file),
        })),
      )),
    ]);
    const before = await server.idleRssBytes();
    const sampler = treeSampler(server.pid);
    const t = performance.now();
    const res = await fetch(`${server.base}/api/events/${server.eventId}/upload`, {
      method: 'POST',
      headers: body.headers,
      body: Readable.toWeb(body.payload) as ReadableStream,
      duplex: 'half',
    });
    const status = res.status;
    await res.arrayBuffer();
    const uploadMs = performance.now() - t;
    // The derivations run in the server's own workers; the owner's album says when all are made.
    const photos = await server.untilProcessed(server.eventId);
    const totalMs = performance.now() - t;
    const peak = await sampler.stop();

    // Baseline: one photo of the set decoded and resized by sharp alone, as the derivation does.
    const b = performance.now();
    if (format === 'avif') await sharp(files[0]).resize(1600, 1600, { fit: 'inside' }).webp().toBuffer();
    const bareMs = format === 'avif' ? performance.now() - b : NaN;

    const sizes = await Promise.all(files.map(async (f) => (await readFile(f)).length));
    report(
      `phone burst: ${count} × 12 MP ${format.toUpperCase()} in one upload, then every derivation, against \`npm start\``,
      {
        'files (MB total)': fmt(mb(sizes.reduce((a, s) => a + s, 0))),
        'upload status / time (ms)': `${status} / ${fmt(uploadMs, 0)}`,
        'album complete after (ms)': fmt(totalMs, 0),
        'per photo (ms)': fmt(totalMs / count, 0),
        ...(format === 'avif' ? { 'bare sharp resize of one (ms): baseline': fmt(bareMs, 0) } : {}),
        'made / unreadable': `${photos.filter((p) => p.processed && !p.unreadable).length} / ${photos.filter((p) => p.unreadable).length} of ${count}`,
        'RSS, server + children, idle before (MB)': fmt(mb(before)),
        'peak RSS, server + children (MB)': `${fmt(mb(peak))} (goal < 1024)`,
        'peak above before (MB)': fmt(mb(peak - before)),
      },
    );
  } finally {
    await server.close();
  }
}

if (process.argv.includes('--make')) {
  await burstFiles('heic');
  await burstFiles('avif');
} else {
  // The photos are made in a child process: making them grows this process by several hundred MB,
  // which would otherwise stand in the server's "before" figure.
  const made = spawnSync(process.execPath, [import.meta.filename, '--make'], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error('could not make the burst photos');
  await burst('heic');
  await burst('avif');
}
