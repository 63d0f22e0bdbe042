import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaFixtures, type MediaFixtures } from '../../testing/media-fixtures.ts';
import { detectMediaType } from './detect-media-type.ts';
import {
  deriveImages,
  ImageRejectedError,
  inspectImage,
  jpegShrinkOnLoad,
  videoPlaceholder,
} from './derive-images.ts';
import { createHeicDecoder } from './heic-decoder.ts';
import { contentDisposition } from '../../storage/content-disposition.ts';
import { etagMatches, parseRange } from './http-media.ts';
import { archiveNames, notesCsv, safeNamePart } from './album-entry-names.ts';
import { createAlbumZip } from './zip-stream.ts';

const exec = promisify(execFile);
let f: MediaFixtures;
beforeAll(async () => {
  f = await mediaFixtures();
});

describe('detectMediaType', () => {
  it.each([
    ['jpeg', 'image', 'jpg'],
    ['png', 'image', 'png'],
    ['webp', 'image', 'webp'],
    ['gif', 'image', 'gif'],
    ['avif', 'image', 'avif'],
    ['heic', 'image', 'heic'],
    ['mp4', 'video', 'mp4'],
    ['mov', 'video', 'mov'],
    ['webm', 'video', 'webm'],
  ] as const)('accepts %s from its bytes', async (kind, type, ext) => {
    const result = await detectMediaType((await readFile(f[kind])).subarray(0, 4100));
    expect(result).toMatchObject({ ok: true, media: { type, ext } });
  });

  it.each([
    ['svg', 'unsupported'],
    ['exe', 'unsupported'],
    ['html', 'undetectable'],
    ['text', 'undetectable'],
  ] as const)('refuses %s', async (kind, reason) => {
    expect(await detectMediaType(await readFile(f[kind]))).toEqual({ ok: false, reason });
  });
});

describe('jpegShrinkOnLoad', () => {
  it.each([
    [4000, 3000, 2],
    [3000, 4000, 2],
    [3200, 2400, 2],
    [3199, 2400, 1],
    [1600, 1200, 1],
    [800, 600, 1],
    [8000, 6000, 4],
    [12800, 9600, 8],
    [40000, 300, 8],
  ] as const)('decodes %ix%i at 1/%i, never below the preview size', (width, height, factor) => {
    expect(jpegShrinkOnLoad(width, height)).toBe(factor);
  });
});

describe('deriveImages', () => {
  it('makes an upright WebP thumbnail and preview without metadata from one decode', async () => {
    const d = await deriveImages(f.jpeg);
    expect([d.width, d.height]).toEqual([480, 640]);
    const thumb = await sharp(d.thumbnail).metadata();
    const preview = await sharp(d.preview).metadata();
    expect([thumb.format, thumb.width, thumb.height, thumb.exif]).toEqual(['webp', 400, 533, undefined]);
    expect([preview.format, preview.width, preview.height, preview.exif]).toEqual([
      'webp',
      480,
      640,
      undefined,
    ]);
  });

  it('reduces a large rotated photo to upright preview and thumbnail sizes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ani-derive-'));
    const big = path.join(dir, 'big.jpg');
    // Stored 4000x3000, left half red: orientation 6 turns it clockwise, so red ends up on top.
    const red = await sharp({ create: { width: 2000, height: 3000, channels: 3, background: '#cc0000' } })
      .png()
      .toBuffer();
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#0000cc' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(big);
    const d = await deriveImages(big);
    expect([d.width, d.height]).toEqual([3000, 4000]);
    expect(await sharp(d.preview).metadata()).toMatchObject({ width: 1200, height: 1600 });
    expect(await sharp(d.thumbnail).metadata()).toMatchObject({ width: 400, height: 533 });
    const { data } = await sharp(d.preview)
      .extract({ left: 600, top: 100, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(60);
    await rm(dir, { recursive: true, force: true });
  });

  it('derives from a panorama far wider than the preview', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ani-derive-'));
    const pano = path.join(dir, 'pano.jpg');
    await sharp({ create: { width: 40000, height: 300, channels: 3, background: '#336699' } })
      .jpeg()
      .toFile(pano);
    const d = await deriveImages(pano);
    expect(await sharp(d.preview).metadata()).toMatchObject({ width: 1600, height: 12 });
    await rm(dir, { recursive: true, force: true });
  });

  it('rejects a decompression bomb from its header without decoding it', async () => {
    await expect(inspectImage(f.bomb)).rejects.toMatchObject({ reason: 'too-large' });
    await expect(deriveImages(f.bomb)).rejects.toBeInstanceOf(ImageRejectedError);
  });

  it('derives what arrived of a truncated or damaged JPEG, and refuses a file nothing can decode', async () => {
    for (const damaged of [f.truncatedJpeg, f.corruptJpeg]) {
      const d = await deriveImages(damaged);
      expect(await sharp(d.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 400 });
    }
    await expect(deriveImages(f.unreadableGif)).rejects.toMatchObject({ reason: 'unreadable' });
  });

  it('decodes a real HEIC file in the worker thread and derives from its pixels', async () => {
    const heic = createHeicDecoder();
    try {
      const raw = await heic.decode(f.heic);
      expect([raw.width, raw.height, raw.channels]).toEqual([640, 480, 4]);
      const d = await deriveImages(raw);
      expect((await sharp(d.thumbnail).metadata()).format).toBe('webp');
      await expect(heic.decode(f.jpeg)).rejects.toThrow(/HEIC/);
    } finally {
      await heic.stop();
    }
  });

  it('has a placeholder tile for videos without ffmpeg', async () => {
    expect((await sharp(await videoPlaceholder()).metadata()).format).toBe('webp');
  });
});

describe('album ZIP', () => {
  const entry = (data: Buffer, uploader: string | null, at: string, note: string | null = null) => ({
    open: async (range?: { start: number; end: number }) =>
      Readable.from([range ? data.subarray(range.start, range.end + 1) : data]),
    size: data.length,
    crc32: crc32(data),
    extension: 'jpg',
    uploader,
    uploadedAt: new Date(at),
    note,
  });

  it('names files by time and uploader without collisions', () => {
    const names = archiveNames([
      entry(Buffer.from('a'), 'Şule Öztürk', '2026-06-01T17:00:00Z'),
      entry(Buffer.from('b'), 'Şule Öztürk', '2026-06-01T17:00:00Z'),
      entry(Buffer.from('c'), null, '2026-06-01T17:00:00Z'),
      entry(Buffer.from('d'), '../../etc/passwd', '2026-06-01T17:00:00Z'),
      // The album shows the API's placeholder name as "Misafir"; the archive names it the same.
      entry(Buffer.from('e'), 'anonymous', '2026-06-01T17:00:01Z'),
    ]);
    expect(names).toEqual([
      '2026-06-01_20-00-00_Sule_Ozturk.jpg',
      '2026-06-01_20-00-00_Sule_Ozturk_2.jpg',
      '2026-06-01_20-00-00_Misafir.jpg',
      '2026-06-01_20-00-00_etc_passwd.jpg',
      '2026-06-01_20-00-01_Misafir.jpg',
    ]);
    expect(safeNamePart('İğdır Çağlayan')).toBe('Igdir_Caglayan');
  });

  it('writes notes as UTF-8 CSV with BOM, ; separated, quoting and formula-safe', () => {
    const csv = notesCsv(
      ['A', 'B'],
      [
        ['x;y', '=1+1'],
        ['"q"', 'çğ'],
      ],
    );
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.subarray(3).toString()).toBe('A;B\r\n"x;y";\'=1+1\r\n"""q""";çğ\r\n');
  });

  it('announces its exact size before streaming, and unzip accepts it', async () => {
    const zip = await createAlbumZip(
      [
        entry(Buffer.alloc(1000, 1), 'Ali', '2026-06-01T17:00:00Z', 'not'),
        entry(Buffer.alloc(5, 2), 'Ali', '2026-06-01T17:00:00Z'),
      ],
      { header: ['Dosya', 'Yükleyen', 'Tarih', 'Not'], fileName: 'notlar.csv' },
    );
    const bytes = await buffer(zip.stream);
    expect(bytes.length).toBe(zip.size);
    const dir = await mkdtemp(path.join(tmpdir(), 'ani-zip-'));
    await writeFile(path.join(dir, 'a.zip'), bytes);
    const { stdout } = await exec('unzip', ['-t', path.join(dir, 'a.zip')]);
    expect(stdout).toContain('No errors detected');
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['a file that cannot be opened (deleted meanwhile)', () => Promise.reject(new Error('ENOENT'))],
    [
      'a read that fails midway',
      async () =>
        new Readable({
          read() {
            this.destroy(new Error('EIO'));
          },
        }),
    ],
    ['a file shorter than announced', async () => Readable.from([Buffer.alloc(3)])],
  ])('cuts the download off on %s instead of crashing the server', async (_case, open) => {
    const zip = await createAlbumZip(
      [
        entry(Buffer.alloc(10, 1), 'Ali', '2026-06-01T17:00:00Z'),
        { ...entry(Buffer.alloc(10, 2), 'Ali', '2026-06-01T17:00:00Z'), open },
      ],
      { header: ['x'], fileName: 'notlar.csv' },
    );
    // An unheard stream error would surface as an uncaught exception and fail this run.
    await expect(buffer(zip.stream)).rejects.toThrow();
  });

  it('closes a file that finishes opening after the client has gone', async () => {
    let release!: () => void;
    let opening!: () => void;
    const openCalled = new Promise<void>((resolve) => (opening = resolve));
    const late = new Readable({ read() {} });
    const opened = new Promise<Readable>((resolve) => (release = () => resolve(late)));
    const open = () => {
      opening();
      return opened;
    };
    const zip = await createAlbumZip([{ ...entry(Buffer.alloc(1), 'Ali', '2026-06-01T17:00:00Z'), open }], {
      header: ['x'],
      fileName: 'notlar.csv',
    });
    zip.stream.resume();
    await openCalled;
    zip.abort();
    release();
    await opened;
    await new Promise((r) => setImmediate(r));
    expect(late.destroyed).toBe(true);
  });

  it('always ends with a ZIP64 end record so the announced size holds at any entry count', async () => {
    const entries = Array.from({ length: 400 }, (_, i) =>
      entry(Buffer.from([i % 256]), 'A', '2026-06-01T17:00:00Z'),
    );
    const zip = await createAlbumZip(entries, { header: ['x'], fileName: 'notlar.csv' });
    const bytes = await buffer(zip.stream);
    expect(bytes.length).toBe(zip.size);
    // ZIP64 end of central directory record signature.
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    const dir = await mkdtemp(path.join(tmpdir(), 'ani-zip-'));
    await writeFile(path.join(dir, 'many.zip'), bytes);
    const { stdout } = await exec('unzip', ['-l', path.join(dir, 'many.zip')]);
    expect(stdout.trim().split('\n').pop()).toMatch(/401 files/);
    await rm(dir, { recursive: true, force: true });
  });
});

describe('HTTP helpers', () => {
  it('parses single byte ranges', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });

  it('builds a Content-Disposition that quotes cannot break', () => {
    expect(contentDisposition('attachment', 'Düğün "x".zip')).toBe(
      `attachment; filename="Dugun _x_.zip"; filename*=UTF-8''D%C3%BC%C4%9F%C3%BCn%20%22x%22.zip`,
    );
  });

  it('matches ETags in If-None-Match lists', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
  });
});
