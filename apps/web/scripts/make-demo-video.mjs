// Builds the "Nasıl Çalışır?" demo video from real screenshots of the app (taken by the e2e run,
// e2e/screenshots) plus title cards: public/video/nasil-calisir.{webm,mp4} and a poster.
// Run after `npx vitest run --project e2e`: node apps/web/scripts/make-demo-video.mjs
import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const shots = path.join(web, 'e2e/screenshots');
const outDir = path.join(web, 'public/video');
mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'ani-video-'));
const W = 960;
const H = 540;
const logo = readFileSync(path.join(web, 'public/logo.png')).toString('base64');

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const font = 'font-family="Inter, \'DejaVu Sans\', sans-serif"';

function titleCard(title, subtitle, footer) {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a3193b"/><stop offset="1" stop-color="#4a1022"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#g)"/>
    <image href="data:image/png;base64,${logo}" x="${W / 2 - 60}" y="90" width="120" height="120"/>
    <text x="${W / 2}" y="290" text-anchor="middle" ${font} font-size="52" font-weight="700" fill="#fff">${esc(title)}</text>
    <text x="${W / 2}" y="345" text-anchor="middle" ${font} font-size="26" fill="#fde7ec">${esc(subtitle)}</text>
    <text x="${W / 2}" y="440" text-anchor="middle" ${font} font-size="22" fill="#f0d08c">${esc(footer)}</text>
  </svg>`);
}

function caption(step, text) {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect x="0" y="${H - 92}" width="${W}" height="92" fill="#1c1917" opacity=".86"/>
    <circle cx="58" cy="${H - 46}" r="24" fill="#c22448"/>
    <text x="58" y="${H - 37}" text-anchor="middle" ${font} font-size="24" font-weight="700" fill="#fff">${step}</text>
    <text x="100" y="${H - 38}" ${font} font-size="25" fill="#fff">${esc(text)}</text>
  </svg>`);
}

async function shot(file, region, step, text) {
  const base = await sharp(path.join(shots, file))
    .extract(region)
    .resize(W, H, { fit: 'cover', position: 'top' })
    .toBuffer();
  return sharp(base)
    .composite([{ input: caption(step, text) }])
    .png()
    .toBuffer();
}

const frames = [
  await sharp(
    titleCard('Anı Kutusu', 'Düğününüzün tüm anıları tek bir albümde', 'Nasıl çalışır? 1 dakikada anlatalım'),
  )
    .png()
    .toBuffer(),
  await shot(
    'landing-1280.png',
    { left: 0, top: 0, width: 1280, height: 720 },
    1,
    'WhatsApp’tan yazın, QR kodlu masa kartlarınızı hazırlayalım',
  ),
  await shot(
    'landing-1280.png',
    { left: 700, top: 120, width: 540, height: 304 },
    2,
    'Misafirler QR kodu okutup fotoğraf ve not yükler',
  ),
  await shot(
    'register-dialog-1280.png',
    { left: 160, top: 0, width: 960, height: 540 },
    3,
    'Hesabınızı oluşturun, e-postanızla etkinleştirin',
  ),
  await shot(
    'gallery-1280.png',
    { left: 0, top: 180, width: 1280, height: 720 },
    4,
    'Tüm anıları notlarıyla birlikte görüntüleyin',
  ),
  await shot(
    'landing-1280.png',
    { left: 0, top: 1700, width: 1280, height: 720 },
    5,
    'Dilediğiniz an tüm albümü tek tıkla indirin',
  ),
  await sharp(
    titleCard('2299 TL', '30 QR kodlu masa kartı · dijital albüm · 1 yıl saklama', 'anikutusu.com.tr'),
  )
    .png()
    .toBuffer(),
];
for (const [i, frame] of frames.entries()) await sharp(frame).toFile(path.join(work, `f${i}.png`));
await sharp(frames[0]).webp({ quality: 70 }).toFile(path.join(outDir, 'nasil-calisir-poster.webp'));

// 3.5 s per slide, 0.5 s cross-fades; low frame rate keeps the file small (slides barely move).
const seconds = 3.5;
const fade = 0.5;
const inputs = frames.flatMap((_, i) => [
  '-loop',
  '1',
  '-t',
  String(seconds),
  '-i',
  path.join(work, `f${i}.png`),
]);
let filter = '';
let last = '[0:v]';
for (let i = 1; i < frames.length; i++) {
  const label = i === frames.length - 1 ? '[v]' : `[x${i}]`;
  filter += `${last}[${i}:v]xfade=transition=fade:duration=${fade}:offset=${(i * (seconds - fade)).toFixed(2)}${label};`;
  last = label;
}
filter += '[v]fps=12,format=yuv420p[out]';
const common = ['-y', ...inputs, '-filter_complex', filter, '-map', '[out]', '-an'];
execFileSync(
  'ffmpeg',
  [
    ...common,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    path.join(outDir, 'nasil-calisir.webm'),
  ],
  { stdio: 'inherit' },
);
execFileSync(
  'ffmpeg',
  [
    ...common,
    '-c:v',
    'libx264',
    '-crf',
    '30',
    '-preset',
    'slow',
    '-tune',
    'stillimage',
    '-movflags',
    '+faststart',
    path.join(outDir, 'nasil-calisir.mp4'),
  ],
  { stdio: 'inherit' },
);
rmSync(work, { recursive: true, force: true });
