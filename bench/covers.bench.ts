// Cover bytes (decision 0110): what a phone downloads for each stock cover (480 px AVIF/WebP, the
// upload page's first screen) and for custom covers made by `deriveCover` from phone-sized photos
// (and THUMB_BENCH_PHOTOS), with the CPU time of one derivation. AVIF effort 3 (used) is compared
// with the default 4 on the same pixels.
import { readdir, readFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { deriveCover } from '../apps/server/src/modules/media/derive-images.ts';
import { fmt, report } from './lib.ts';
import { denseNoisePhoto, phoneLikePhoto } from './test-photos.ts';

const kb = (bytes: number) => `${fmt(bytes / 1000)} kB`;
const stockDir = path.resolve(import.meta.dirname, '../apps/web/public/images/covers');

const stock: Record<string, string> = {};
for (const name of (await readdir(stockDir)).filter((f) => /^cover-\d+-480\.(avif|webp)$/.test(f)).sort()) {
  stock[name] = kb((await stat(path.join(stockDir, name))).size);
}
report('stock covers, phone size (480 w)', stock);

const dir = await mkdtemp(path.join(tmpdir(), 'ani-covers-bench-'));
try {
  const photos: Record<string, string> = {
    'phone-like 12 MP (dead leaves)': path.join(dir, 'phone.jpg'),
    'dense noise 12 MP': path.join(dir, 'noise.jpg'),
  };
  await phoneLikePhoto(photos['phone-like 12 MP (dead leaves)']!);
  await denseNoisePhoto(photos['dense noise 12 MP']!);
  for (const file of (process.env.THUMB_BENCH_PHOTOS ?? '').split(':').filter(Boolean))
    photos[path.basename(file)] = file;

  for (const [name, file] of Object.entries(photos)) {
    const cpu = process.cpuUsage();
    const cover = await deriveCover(file);
    const used = process.cpuUsage(cpu);
    const lines: Record<string, string> = {
      'CPU for one cover (all sizes and formats)': `${fmt((used.user + used.system) / 1000, 0)} ms`,
    };
    for (const f of cover.files) lines[`${f.width} w ${f.format}`] = kb(f.bytes.length);

    // Effort 3 against libavif's default 4, on the widest size's pixels.
    const widest = cover.files.find((f) => f.format === 'webp' && f.width === cover.widths.at(-1))!;
    const pixels = await sharp(widest.bytes).raw().toBuffer({ resolveWithObject: true });
    for (const effort of [3, 4]) {
      const before = process.cpuUsage();
      const bytes = await sharp(pixels.data, { raw: pixels.info }).avif({ quality: 50, effort }).toBuffer();
      const spent = process.cpuUsage(before);
      lines[`AVIF ${widest.width} w effort ${effort}`] =
        `${kb(bytes.length)}, ${fmt((spent.user + spent.system) / 1000, 0)} ms CPU`;
    }
    report(`custom cover from ${name} (${kb((await readFile(file)).length)})`, lines);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
