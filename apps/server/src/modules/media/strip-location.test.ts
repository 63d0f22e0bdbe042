import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFixtures, type MediaFixtures } from '../../testing/media-fixtures.ts';
import { detectMediaType, type DetectedMedia } from './detect-media-type.ts';
import { stripLocation } from './strip-location.ts';

const exec = promisify(execFile);

let dir: string;
let f: MediaFixtures;
let plainJpeg: Buffer;

beforeAll(async () => {
  [dir, f] = await Promise.all([mkdtemp(path.join(tmpdir(), 'strip-location-')), mediaFixtures()]);
  plainJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type Field = { tag: number; type: number; count: number; value: Buffer | string };

/**
 * A TIFF structure as a phone writes it: IFD0 with Make, Orientation 6, the Exif directory (the
 * date taken), the GPS directory (Istanbul) and, after the GPS pointer, a Windows title that must
 * survive the pointer's removal. `gps: false` leaves the GPS directory out.
 */
function tiff(le: boolean, { gps = true } = {}): Buffer {
  const u16 = (n: number) => {
    const b = Buffer.alloc(2);
    if (le) b.writeUInt16LE(n);
    else b.writeUInt16BE(n);
    return b;
  };
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    if (le) b.writeUInt32LE(n);
    else b.writeUInt32BE(n);
    return b;
  };
  const rationals = (...pairs: number[]) => Buffer.concat(pairs.map(u32));
  const ascii = (s: string) => Buffer.from(`${s}\0`, 'latin1');
  const ifds: Record<string, Field[]> = {
    ifd0: [
      { tag: 0x010f, type: 2, count: 11, value: ascii('AniTestCam') },
      { tag: 0x0112, type: 3, count: 1, value: Buffer.concat([u16(6), Buffer.alloc(2)]) },
      { tag: 0x8769, type: 4, count: 1, value: 'exif' },
      ...(gps ? [{ tag: 0x8825, type: 4, count: 1, value: 'gps' }] : []),
      { tag: 0x9c9b, type: 1, count: 12, value: Buffer.from('Dugun\0', 'utf16le') },
    ],
    exif: [{ tag: 0x9003, type: 2, count: 20, value: ascii('2026:06:14 18:30:00') }],
    gps: [
      { tag: 0x0000, type: 1, count: 4, value: Buffer.from([2, 3, 0, 0]) },
      { tag: 0x0001, type: 2, count: 2, value: Buffer.from('N\0\0\0', 'latin1') },
      { tag: 0x0002, type: 5, count: 3, value: rationals(41, 1, 0, 1, 2952, 100) },
      { tag: 0x0003, type: 2, count: 2, value: Buffer.from('E\0\0\0', 'latin1') },
      { tag: 0x0004, type: 5, count: 3, value: rationals(28, 1, 58, 1, 4224, 100) },
    ],
  };
  const order = gps ? ['ifd0', 'exif', 'gps'] : ['ifd0', 'exif'];
  const at: Record<string, number> = {};
  let next = 8;
  for (const name of order) {
    at[name] = next;
    next += 2 + 12 * ifds[name]!.length + 4;
  }
  const data: Buffer[] = [];
  const parts: Buffer[] = [Buffer.from(le ? 'II' : 'MM', 'latin1'), u16(42), u32(8)];
  for (const name of order) {
    parts.push(u16(ifds[name]!.length));
    for (const field of ifds[name]!) {
      let value: Buffer;
      if (typeof field.value === 'string') value = u32(at[field.value]!);
      else if (field.value.length <= 4) value = Buffer.concat([field.value, Buffer.alloc(4)]).subarray(0, 4);
      else {
        value = u32(next);
        const padded = Buffer.concat([field.value, Buffer.alloc(field.value.length % 2)]);
        data.push(padded);
        next += padded.length;
      }
      parts.push(u16(field.tag), u16(field.type), u32(field.count), value);
    }
    parts.push(u32(0));
  }
  return Buffer.concat([...parts, ...data]);
}

function segment(marker: number, body: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** A real JPEG with an APP1 Exif segment (and any further segments) right after its start marker. */
function jpegWith(...segments: Buffer[]): Buffer {
  return Buffer.concat([plainJpeg.subarray(0, 2), ...segments, plainJpeg.subarray(2)]);
}
const exifSegment = (body: Buffer) => segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), body]));

const xmpSegment = () =>
  segment(
    0xe1,
    Buffer.from(
      'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="41,0.492N">' +
        '<exif:GPSLongitude>28,58.704E</exif:GPSLongitude><exif:DateTimeOriginal>2026-06-14T18:30:00</exif:DateTimeOriginal>' +
        '</rdf:Description></rdf:RDF></x:xmpmeta>',
      'latin1',
    ),
  );

let n = 0;
async function fileWith(bytes: Buffer): Promise<string> {
  const file = path.join(dir, `f${n++}`);
  await writeFile(file, bytes);
  return file;
}

async function mediaOf(file: string): Promise<DetectedMedia> {
  const detected = await detectMediaType(await readFile(file));
  if (!detected.ok) throw new Error('not media');
  return detected.media;
}

/** What exiftool (an independent reader) finds in the file, numbers as numbers. */
async function tags(file: string): Promise<Record<string, unknown>> {
  const { stdout } = await exec('exiftool', ['-j', '-n', '-a', '-G1', file]);
  return (JSON.parse(stdout) as Record<string, unknown>[])[0]!;
}

/** Tags that still say where the photo was taken (a blanked XMP property says nothing). */
const locationTags = (all: Record<string, unknown>) =>
  Object.entries(all).filter(([key, value]) => /GPS/i.test(key) && String(value).trim() !== '');

describe('stripLocation', () => {
  for (const le of [true, false]) {
    it(`removes GPS from a ${le ? 'little' : 'big'}-endian JPEG in place, keeping rotation, date and the rest`, async () => {
      const original = jpegWith(exifSegment(tiff(le)), xmpSegment());
      const file = await fileWith(original);
      expect(locationTags(await tags(file)).length).toBeGreaterThan(0);

      expect(await stripLocation(file, await mediaOf(file))).toBe(true);

      const stripped = await readFile(file);
      expect(stripped.length).toBe(original.length);
      // Only the metadata changed: the image data is the same bytes.
      expect(stripped.subarray(-plainJpeg.length + 2).equals(plainJpeg.subarray(2))).toBe(true);
      const after = await tags(file);
      expect(locationTags(after)).toEqual([]);
      expect(after).toMatchObject({
        'IFD0:Make': 'AniTestCam',
        'IFD0:Orientation': 6,
        'ExifIFD:DateTimeOriginal': '2026:06:14 18:30:00',
        'IFD0:XPTitle': 'Dugun',
        'XMP-exif:DateTimeOriginal': '2026:06:14 18:30:00',
      });
      expect(after['ExifTool:Warning']).toBeUndefined();
      const decoded = await sharp(file).metadata();
      expect(decoded).toMatchObject({ format: 'jpeg', width: 64, height: 48, orientation: 6 });
      await sharp(file).raw().toBuffer();
    });

    it(`leaves a ${le ? 'little' : 'big'}-endian JPEG without GPS byte for byte as it was`, async () => {
      const original = jpegWith(exifSegment(tiff(le, { gps: false })));
      const file = await fileWith(original);
      expect(await stripLocation(file, await mediaOf(file))).toBe(false);
      expect((await readFile(file)).equals(original)).toBe(true);
    });
  }

  it('finds the Exif segment behind a large one, and writes back only the changed bytes', async () => {
    const icc = segment(0xe2, Buffer.alloc(65_533, 7));
    const original = jpegWith(icc, exifSegment(tiff(false)));
    const file = await fileWith(original);
    expect(await stripLocation(file, await mediaOf(file))).toBe(true);
    const stripped = await readFile(file);
    expect(stripped.subarray(0, 2 + icc.length).equals(original.subarray(0, 2 + icc.length))).toBe(true);
    const after = await tags(file);
    expect(locationTags(after)).toEqual([]);
    expect(after).toMatchObject({ 'IFD0:Orientation': 6, 'ExifIFD:DateTimeOriginal': '2026:06:14 18:30:00' });
  });

  it('leaves a malformed Exif block as it is, without an error', async () => {
    const good = tiff(true);
    const gpsPointerFar = Buffer.from(good);
    // The GPS pointer (IFD0's fourth entry) aims past the block.
    gpsPointerFar.writeUInt32LE(0xfffff0, 8 + 2 + 12 * 3 + 8);
    const countTooBig = Buffer.from(good);
    countTooBig.writeUInt16LE(0xffff, 8);
    const cases = [
      exifSegment(gpsPointerFar),
      exifSegment(countTooBig),
      exifSegment(Buffer.from('XX*\0\0\0\0\x08garbage', 'latin1')),
      exifSegment(good.subarray(0, 40)),
      // A segment claiming more bytes than follow it.
      Buffer.concat([exifSegment(good).subarray(0, 4).fill(0xff, 2, 4), good.subarray(0, 16)]),
    ];
    for (const bad of cases) {
      const original = jpegWith(bad);
      const file = await fileWith(original);
      expect(await stripLocation(file, await mediaOf(file))).toBe(false);
      expect((await readFile(file)).equals(original)).toBe(true);
    }
  });

  it('removes GPS from PNG, WebP, HEIC and AVIF photos, keeping the rest, and never touches a video', async () => {
    for (const kind of ['png', 'webp', 'heic', 'avif'] as const) {
      const file = path.join(dir, `photo-${kind}`);
      await copyFile(f[kind], file);
      // The AVIF fixture has no EXIF of its own: a phone's is added, as for the others.
      if (kind === 'avif')
        await exec('exiftool', [
          '-overwrite_original',
          '-q',
          '-GPSLatitude=41.0082',
          '-GPSLatitudeRef=N',
          '-Make=AniTestCam',
          '-Orientation#=6',
          file,
        ]);
      const before = await tags(file);
      expect(locationTags(before).length, kind).toBeGreaterThan(0);
      const size = (await readFile(file)).length;

      expect(await stripLocation(file, await mediaOf(file)), kind).toBe(true);

      const after = await tags(file);
      expect(locationTags(after), kind).toEqual([]);
      expect(after['IFD0:Make'], kind).toBe('AniTestCam');
      if (kind !== 'webp') expect(after['IFD0:Orientation'], kind).toBe(6);
      expect(after['ExifTool:Warning'], kind).toBeUndefined();
      expect((await readFile(file)).length, kind).toBe(size);
      if (kind !== 'heic') await sharp(file).raw().toBuffer();
    }
    const video = path.join(dir, 'clip.mp4');
    await copyFile(f.mp4, video);
    expect(await stripLocation(video, await mediaOf(video))).toBe(false);
    expect((await readFile(video)).equals(await readFile(f.mp4))).toBe(true);
  });
});
