// Real media files for tests, made in the test run (not committed): sharp for still images,
// exiftool for EXIF orientation + GPS, Debian's heif-enc for HEIC, ffmpeg for videos.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const exec = promisify(execFile);

export interface MediaFixtures {
  dir: string;
  /** 640x480 JPEG with EXIF orientation 6 (display 480x640) and GPS tags. */
  jpeg: string;
  /** 320x240 PNG with alpha, EXIF orientation and GPS. */
  png: string;
  /** 320x240 WebP with EXIF GPS. */
  webp: string;
  gif: string;
  avif: string;
  /** Real HEVC-coded HEIC made by heif-enc. */
  heic: string;
  /** Real JPEG XL made by Debian's cjxl: a photo format the album does not take. */
  jxl: string;
  mp4: string;
  mov: string;
  webm: string;
  /** Not media, though some carry image extensions. */
  svg: string;
  html: string;
  exe: string;
  text: string;
  /** PNG whose header claims 30000x30000 (900 MP) with a few bytes of data. */
  bomb: string;
  /** JPEG cut in half. */
  truncatedJpeg: string;
  /** JPEG whose last bytes (the end marker included) went missing and a few more were damaged. */
  corruptJpeg: string;
  /** Real HEIC missing its last 500 bytes (the end of the image data). */
  truncatedHeic: string;
  /** GIF whose header is whole and whose image data is garbage: nothing can decode it. */
  unreadableGif: string;
  /** One-frame H.264 video of 4096x4096, beyond what a phone records. */
  hugeVideo: string;
}

const version = 'v5';
const names = {
  jpeg: 'photo.jpg',
  png: 'photo.png',
  webp: 'photo.webp',
  gif: 'photo.gif',
  avif: 'photo.avif',
  heic: 'photo.heic',
  jxl: 'photo.jxl',
  mp4: 'clip.mp4',
  mov: 'clip.mov',
  webm: 'clip.webm',
  svg: 'vector.jpg',
  html: 'page.png',
  exe: 'program.jpg',
  text: 'notes.jpg',
  bomb: 'bomb.png',
  truncatedJpeg: 'cut.jpg',
  corruptJpeg: 'damaged.jpg',
  truncatedHeic: 'cut.heic',
  unreadableGif: 'garbage.gif',
  hugeVideo: 'huge.mp4',
} as const;

let cached: Promise<MediaFixtures> | null = null;

/** Generates the fixtures once per machine run (a shared temp dir, made atomically) and caches them. */
export function mediaFixtures(): Promise<MediaFixtures> {
  cached ??= load();
  return cached;
}

function paths(dir: string): MediaFixtures {
  const entries = Object.entries(names).map(([k, v]) => [k, join(dir, v)]);
  return { dir, ...Object.fromEntries(entries) } as MediaFixtures;
}

async function load(): Promise<MediaFixtures> {
  const dir = join(tmpdir(), `ani-media-fixtures-${version}`);
  if (existsSync(join(dir, 'complete'))) return paths(dir);
  const work = await mkdtemp(join(tmpdir(), 'ani-media-fixtures-work-'));
  await generate(paths(work));
  await writeFile(join(work, 'complete'), '');
  try {
    await rename(work, dir);
  } catch {
    // Another test worker finished first; use its copy.
    await rm(work, { recursive: true, force: true });
  }
  return paths(dir);
}

function scene(width: number, height: number): Buffer {
  // Distinct colours per quadrant so rotation is visible in the pixels.
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#2563eb"/>
    <rect width="${width / 2}" height="${height / 2}" fill="#dc2626"/>
    <circle cx="${width * 0.7}" cy="${height * 0.7}" r="${height / 5}" fill="#facc15"/>
  </svg>`);
}

const exifArgs = [
  '-overwrite_original',
  '-q',
  '-GPSLatitude=41.0082',
  '-GPSLatitudeRef=N',
  '-GPSLongitude=28.9784',
  '-GPSLongitudeRef=E',
  '-Make=AniTestCam',
];

/** A PNG header claiming a huge image: decoding would need gigabytes, the file is ~100 bytes. */
export function pngBomb(width = 30000, height = 30000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function generate(f: MediaFixtures): Promise<void> {
  await mkdir(f.dir, { recursive: true });
  await sharp(scene(640, 480)).jpeg({ quality: 85 }).toFile(f.jpeg);
  await exec('exiftool', [...exifArgs, '-Orientation#=6', f.jpeg]);
  await sharp(scene(320, 240)).ensureAlpha(0.8).png().toFile(f.png);
  await exec('exiftool', [...exifArgs, '-Orientation#=6', f.png]);
  await sharp(scene(320, 240)).webp({ quality: 80 }).toFile(f.webp);
  await exec('exiftool', [...exifArgs, f.webp]);
  await sharp(scene(160, 120)).gif().toFile(f.gif);
  await sharp(scene(320, 240)).avif({ quality: 50, effort: 0 }).toFile(f.avif);
  await exec('heif-enc', ['-q', '50', f.jpeg, '-o', f.heic]);
  await exec('cjxl', [f.jpeg, f.jxl, '--quiet']);
  const video = [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=10',
    '-t',
    '1',
  ];
  await exec('ffmpeg', [
    ...video,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    f.mp4,
  ]);
  await exec('ffmpeg', [...video, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mov', f.mov]);
  await exec('ffmpeg', [...video, '-c:v', 'libvpx-vp9', '-b:v', '200k', f.webm]);
  await writeFile(
    f.svg,
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
  await writeFile(f.html, '<!doctype html><html><body><script>alert(1)</script></body></html>');
  const exe = Buffer.alloc(4096);
  exe.write('MZ', 0, 'ascii');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'binary');
  await writeFile(f.exe, exe);
  await writeFile(f.text, 'just some words, not a photo\n'.repeat(50));
  await writeFile(f.bomb, pngBomb());
  const { readFile } = await import('node:fs/promises');
  const jpeg = await readFile(f.jpeg);
  await writeFile(f.truncatedJpeg, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
  const damaged = Buffer.from(jpeg.subarray(0, jpeg.length - 40));
  for (let i = 1; i <= 8; i++) {
    const at = damaged.length - i * 50;
    damaged.writeUInt8(damaged.readUInt8(at) ^ 0x5a, at);
  }
  await writeFile(f.corruptJpeg, damaged);
  const heic = await readFile(f.heic);
  await writeFile(f.truncatedHeic, heic.subarray(0, heic.length - 500));
  const gif = await readFile(f.gif);
  await writeFile(
    f.unreadableGif,
    Buffer.concat([gif.subarray(0, 1000), Buffer.alloc(gif.length - 1000, 7)]),
  );
  await exec('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=navy:s=4096x4096:d=0.1:r=10',
    '-frames:v',
    '1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    f.hugeVideo,
  ]);
}
