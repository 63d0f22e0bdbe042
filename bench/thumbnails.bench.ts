// Derived images per second from a 12-megapixel JPEG (thumbnail + preview from one decode) versus a
// bare sharp().resize() call and a plain two-output sharp implementation in the same run, one core
// (libvips concurrency 1), peak RSS; and the time to reject a decompression bomb from its header.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  deriveImages,
  inspectImage,
  maxInputPixels,
  previewSize,
  thumbnailSize,
} from '../apps/server/src/modules/media/derive-images.ts';
import { pngBomb } from '../apps/server/src/testing/media-fixtures.ts';
import { fmt, mb, percentile, report, rssSampler } from './lib.ts';
import { denseNoisePhoto, phoneLikePhoto } from './test-photos.ts';

/** Seconds per measured function and photo, spread over interleaved rounds. */
const seconds = Number(process.env.THUMB_BENCH_SECONDS ?? 8);
const rounds = 5;

/**
 * Photos per second of CPU time over all threads ("per core": the preview and thumbnail encoders
 * run side by side, so wall time alone would flatter us), for one round.
 */
async function perCoreRate(fn: () => Promise<unknown>): Promise<number> {
  const end = performance.now() + (seconds / rounds) * 1000;
  let n = 0;
  const cpu = process.cpuUsage();
  while (performance.now() < end) {
    await fn();
    n++;
  }
  const used = process.cpuUsage(cpu);
  return n / ((used.user + used.system) / 1e6);
}

/**
 * The median over rounds that take turns: this machine's speed drifts by ±20 % within a minute
 * (shared cores), and taking turns lets the drift hit every contender alike.
 */
async function compare<K extends string>(
  contenders: Record<K, () => Promise<unknown>>,
): Promise<Record<K, number>> {
  const names = Object.keys(contenders) as K[];
  const samples = new Map<K, number[]>(names.map((name) => [name, []]));
  for (const name of names) await contenders[name]();
  for (let round = 0; round < rounds; round++) {
    for (const name of names) samples.get(name)!.push(await perCoreRate(contenders[name]));
  }
  return Object.fromEntries(names.map((name) => [name, percentile(samples.get(name)!, 50)])) as Record<
    K,
    number
  >;
}

/** Real photographs to measure besides the synthetic one: THUMB_BENCH_PHOTOS=/a.jpg:/b.jpg */
const photos = (process.env.THUMB_BENCH_PHOTOS ?? '').split(':').filter(Boolean);

/** What a straightforward sharp implementation does: clone one input into two default WebP outputs. */
function plainSharp(file: string) {
  const base = sharp(file, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate();
  return Promise.all([
    base
      .clone()
      .resize(previewSize, previewSize, { fit: 'inside', withoutEnlargement: true })
      .webp()
      .toBuffer(),
    base
      .clone()
      .resize(thumbnailSize, thumbnailSize, { fit: 'outside', withoutEnlargement: true })
      .webp()
      .toBuffer(),
  ]);
}

/**
 * The derivation worker's memory, alone in a fresh process as in the server: measured here, the
 * heap and allocator pools left by the other contenders would count against it.
 */
function workerRss(files: string[]): { startMb: number; peakMb: number; growthMb: number } {
  const out = execFileSync(process.execPath, ['--expose-gc', import.meta.filename, 'worker-rss', ...files], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as { startMb: number; peakMb: number; growthMb: number };
}

async function reportWorkerRss(files: string[]) {
  // libvips at its default concurrency, as in the server.
  await deriveImages(files[0]!);
  const sampler = rssSampler();
  // One at a time, as the server's job runner derives.
  for (let i = 0; i < 10; i++) for (const file of files) await deriveImages(file);
  process.stdout.write(JSON.stringify(sampler.stop()));
}

export async function run() {
  const dir = await mkdtemp(path.join(tmpdir(), 'ani-thumb-bench-'));
  const previous = sharp.concurrency();
  try {
    const phone = path.join(dir, 'phone-like.jpg');
    const noise = path.join(dir, 'dense-noise.jpg');
    const sizes = { phone: (await phoneLikePhoto(phone)).size, noise: (await denseNoisePhoto(noise)).size };
    const bomb = path.join(dir, 'bomb.png');
    await writeFile(bomb, pngBomb());
    sharp.concurrency(1);

    const measure = (file: string) =>
      compare({
        bare: () => sharp(file).resize(400).webp().toBuffer(),
        plain: () => plainSharp(file),
        ours: () => deriveImages(file),
      });
    const typical = await measure(phone);
    const worst = await measure(noise);
    const rss = workerRss([phone, noise]);
    const real: Record<string, string> = {};
    for (const photo of photos) {
      const { width, height } = await inspectImage(photo);
      const r = await measure(photo);
      real[`${path.basename(photo)} (${width}x${height}): deriveImages per core, ratio to bare / to plain`] =
        `${fmt(r.ours, 2)}, ${fmt(r.ours / r.bare, 2)} / ${fmt(r.ours / r.plain, 2)}`;
    }

    const bombMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await inspectImage(bomb).catch(() => undefined);
      bombMs.push(performance.now() - t);
    }

    report(
      `thumbnails: 12 MP JPEGs as a phone writes them (4000x3000, q92, EXIF orientation 6), one core, median of ${rounds} interleaved rounds`,
      {
        [`phone-like photo (${fmt(mb(sizes.phone))} MB): bare sharp().resize(400).webp() (photos/s per core)`]:
          fmt(typical.bare, 2),
        'phone-like photo: plain sharp, clone() into two default WebPs (photos/s per core)': fmt(
          typical.plain,
          2,
        ),
        'phone-like photo: deriveImages, thumbnail + preview (photos/s per core)': `${fmt(typical.ours, 2)} (target >= 3.5)`,
        'phone-like photo: ratio derive / bare resize, derive / plain sharp': `${fmt(typical.ours / typical.bare, 2)} / ${fmt(typical.ours / typical.plain, 2)}`,
        [`dense noise, the worst case (${fmt(mb(sizes.noise))} MB): bare / plain / deriveImages (photos/s per core)`]: `${fmt(worst.bare, 2)} / ${fmt(worst.plain, 2)} / ${fmt(worst.ours, 2)}`,
        'dense noise: ratio derive / bare resize, derive / plain sharp': `${fmt(worst.ours / worst.bare, 2)} / ${fmt(worst.ours / worst.plain, 2)}`,
        ...real,
        'RSS of a fresh process deriving both photos 10x in turn, as the job runner does: after one, peak (MB)': `${fmt(rss.startMb)}, ${fmt(rss.peakMb)} (+${fmt(rss.growthMb)})`,
        'bomb (30000x30000 PNG) rejected, p50 / max of 20 (ms)': `${fmt(percentile(bombMs, 50), 2)} / ${fmt(Math.max(...bombMs), 2)} (target < 50)`,
      },
    );
  } finally {
    sharp.concurrency(previous);
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  if (process.argv[2] === 'worker-rss') await reportWorkerRss(process.argv.slice(3));
  else await run();
}
