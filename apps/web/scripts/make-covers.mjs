// Generates the 8 stock event covers (an event without a cover gets one of the 8).
// Drawn here instead of downloaded: the app ships no third-party photos and needs no network.
// Like scripts/make-art.mjs (decision 0070), each cover is also written in the widths of
// `coverWidths` as AVIF and WebP for `srcset` (the contract's `stockCoverImage` names them), so a
// phone takes a few kB instead of the 1600 px JPEG, which stays as the `<img>` fallback and as the
// spec's `coverImage` path. The outputs are small (a few kB each) and committed.
// Run: node_modules/.bin/node apps/web/scripts/make-covers.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../public/images/covers');
mkdirSync(out, { recursive: true });

const palettes = [
  ['#f9d5dc', '#c22448', '#fff5f6'],
  ['#f8eedb', '#c59a4b', '#fffdf8'],
  ['#e7dcf5', '#7c5aa6', '#faf7ff'],
  ['#d8ece6', '#3f7d6b', '#f6fbf9'],
  ['#fde2cf', '#d0673a', '#fffaf5'],
  ['#dde6f4', '#40619a', '#f7f9fd'],
  ['#f5dde6', '#9c3a62', '#fff7fa'],
  ['#ece6d8', '#7d6a48', '#fcfbf7'],
];

function svg([soft, deep, light], seed) {
  const rand = (n) => {
    seed = (seed * 9301 + 49297) % 233280;
    return (seed / 233280) * n;
  };
  const petals = Array.from({ length: 18 }, () => {
    const x = rand(1600),
      y = rand(800),
      r = 40 + rand(160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${rand(1) > 0.5 ? light : deep}" opacity="${0.06 + rand(0.18)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${soft}"/><stop offset="1" stop-color="${deep}"/>
    </linearGradient></defs>
    <rect width="1600" height="800" fill="url(#g)"/>${petals}
    <g fill="none" stroke="${light}" stroke-width="3" opacity="0.5">
      <circle cx="1180" cy="380" r="120"/><circle cx="1290" cy="380" r="120"/>
    </g></svg>`;
}

// The widths of the contract's `coverWidths` (kept here as literals: this script runs without a build).
const widths = [480, 960, 1600];

for (const [i, palette] of palettes.entries()) {
  const drawn = await sharp(Buffer.from(svg(palette, i * 7919 + 13)))
    .blur(6)
    .png()
    .toBuffer();
  await sharp(drawn)
    .jpeg({ quality: 72, mozjpeg: true })
    .toFile(path.join(out, `cover-${i + 1}.jpg`));
  for (const width of widths) {
    const image = () => sharp(drawn).resize(width);
    await image()
      .avif({ quality: 50, effort: 6 })
      .toFile(path.join(out, `cover-${i + 1}-${width}.avif`));
    await image()
      .webp({ quality: 72, effort: 6 })
      .toFile(path.join(out, `cover-${i + 1}-${width}.webp`));
  }
}
console.log(`wrote ${palettes.length} covers to ${out}`);
