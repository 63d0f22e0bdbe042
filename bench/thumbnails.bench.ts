// Derived images per second from a 12-megapixel JPEG (thumbnail + preview from one decode) versus a
// bare sharp().resize() call in the same run, one core (libvips concurrency 1), peak RSS; and the
// time to reject a decompression bomb from its header.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { deriveImages, inspectImage } from '../apps/server/src/modules/media/derive-images.ts';
import { pngBomb } from '../apps/server/src/testing/media-fixtures.ts';
import { fmt, percentile, report, rssSampler } from './lib.ts';

const seconds = Number(process.env.THUMB_BENCH_SECONDS ?? 8);

async function photo12mp(file: string) {
  // Noise at low resolution, scaled up: photo-like detail that JPEG cannot compress to nothing.
  const noise = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 255) | 0;
  await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
    .resize(4000, 3000, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toFile(file);
}

async function rate(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const t = performance.now();
  while (performance.now() < end) {
    await fn();
    n++;
  }
  return n / ((performance.now() - t) / 1000);
}

export async function run() {
  const dir = await mkdtemp(path.join(tmpdir(), 'ani-thumb-bench-'));
  const previous = sharp.concurrency();
  try {
    const file = path.join(dir, 'photo.jpg');
    await photo12mp(file);
    const bomb = path.join(dir, 'bomb.png');
    await writeFile(bomb, pngBomb());
    sharp.concurrency(1);

    const bare = await rate(() => sharp(file).resize(400).webp().toBuffer());
    const sampler = rssSampler();
    const ours = await rate(() => deriveImages(file));
    const rss = sampler.stop();

    const bombMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await inspectImage(bomb).catch(() => undefined);
      bombMs.push(performance.now() - t);
    }

    report(`thumbnails: 12 MP JPEG (4000x3000), one core, ${seconds} s each`, {
      'bare sharp().resize(400).webp() (photos/s)': fmt(bare, 2),
      'deriveImages: thumbnail + preview (photos/s)': `${fmt(ours, 2)} (target >= 3.5)`,
      'ratio derive / bare resize': fmt(ours / bare, 2),
      'peak RSS growth while deriving (MB)': fmt(rss.growthMb),
      'bomb (30000x30000 PNG) rejected, p50 / max of 20 (ms)': `${fmt(percentile(bombMs, 50), 2)} / ${fmt(Math.max(...bombMs), 2)} (target < 50)`,
    });
  } finally {
    sharp.concurrency(previous);
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await run();
