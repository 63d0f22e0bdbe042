/**
 * Removes where a photo was taken from the original itself, before it is stored: the GPS directory
 * of its EXIF (and the GPS properties of a JPEG's XMP packet). Guests' phones write the place into
 * every photo; the album hands the originals out (view, ZIP), so stripping only the derived images
 * would leave the couple's and the guests' addresses in every download.
 *
 * The change is made in place and keeps the file's length: the GPS entries and their values are
 * overwritten with zeros, the pointer to them is taken out of the first directory, and nothing
 * else moves. So the picture, its rotation, the date it was taken and every other tag stay exactly
 * as they were, no re-encoding happens, and offsets elsewhere in the file (HEIC item locations, an
 * EXIF thumbnail) stay right. Only the metadata blocks are read, each of a bounded size, never the
 * image data; whatever does not parse cleanly is left as it is, never an error.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { ContentTally, tallyFile } from './content-tally.ts';
import type { DetectedMedia } from './detect-media-type.ts';

/**
 * A JPEG's metadata segments come first. One segment holds at most 64 KiB, so this takes in a
 * full-size EXIF segment even behind a JFIF or ICC segment.
 */
const jpegHeadBytes = 128 * 1024;
/** Largest EXIF block (PNG/WebP chunk, HEIC item) read to be cleaned; larger ones are left alone. */
const maxExifBytes = 256 * 1024;
/** Largest HEIC `meta` box read to find the EXIF item (a 48 MP tiled photo's is tens of kB). */
const maxMetaBytes = 1024 * 1024;
/** How many chunk or box headers are walked before giving up on a PNG, WebP or HEIC. */
const maxHeaders = 64;

const gpsInfoTag = 0x8825;
/** Bytes per value of each TIFF field type (index = type); 13 is an IFD offset. */
const typeSizes = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

/** Bytes to put back at a file position. */
type Patch = { at: number; bytes: Buffer };

/**
 * Takes the GPS directory out of a TIFF structure (the body of an EXIF block), in place: its
 * entries and their out-of-line values become zeros and its pointer leaves IFD0 (the entries after
 * it move up, the count drops by one, the freed 12 bytes become zeros). Both byte orders. Answers
 * whether anything changed; a structure that does not hold together is left untouched.
 */
function stripTiffGps(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const order = tiff.toString('latin1', 0, 2);
  const le = order === 'II';
  if (!le && order !== 'MM') return false;
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return false;
  const ifd0 = u32(4);
  if (ifd0 < 8 || ifd0 + 2 > tiff.length) return false;
  const count = u16(ifd0);
  // The entries and the 4-byte offset of the next directory.
  const ifd0End = ifd0 + 2 + 12 * count + 4;
  if (count === 0 || ifd0End > tiff.length) return false;
  let pointer = -1;
  for (let i = 0; i < count; i++) {
    const at = ifd0 + 2 + 12 * i;
    if (u16(at) === gpsInfoTag) {
      pointer = at;
      break;
    }
  }
  if (pointer < 0) return false;
  const type = u16(pointer + 2);
  if ((type !== 4 && type !== 13) || u32(pointer + 4) !== 1) return false;
  const gps = u32(pointer + 8);
  const overlapsIfd0 = (start: number, end: number) => start < ifd0End && end > ifd0;
  if (gps < 8 || gps + 2 > tiff.length) return false;
  const gpsCount = u16(gps);
  const gpsEnd = Math.min(gps + 2 + 12 * gpsCount + 4, tiff.length);
  if (gps + 2 + 12 * gpsCount > tiff.length || overlapsIfd0(gps, gpsEnd)) return false;

  const zeroed: [number, number][] = [[gps, gpsEnd]];
  for (let i = 0; i < gpsCount; i++) {
    const at = gps + 2 + 12 * i;
    const size = (typeSizes[u16(at + 2)] ?? 0) * u32(at + 4);
    if (size <= 4) continue;
    const value = u32(at + 8);
    // A value outside the block cannot be read by anyone; one over IFD0 is not ours to wipe.
    if (value < 8 || value + size > tiff.length || overlapsIfd0(value, value + size)) continue;
    zeroed.push([value, value + size]);
  }
  for (const [start, end] of zeroed) tiff.fill(0, start, end);
  tiff.copyWithin(pointer, pointer + 12, ifd0End);
  tiff.fill(0, ifd0End - 12, ifd0End);
  if (le) tiff.writeUInt16LE(count - 1, ifd0);
  else tiff.writeUInt16BE(count - 1, ifd0);
  return true;
}

// Attribute (exif:GPSLatitude="41,0.492N") and element (<exif:GPSLatitude>…</exif:GPSLatitude>) forms.
const xmpGpsAttribute = /(exif:GPS[A-Za-z]+\s*=\s*)("[^"]*"|'[^']*')/g;
const xmpGpsElement = /(<exif:(GPS[A-Za-z]+)>)([^<]*)(<\/exif:\2>)/g;

/** Blanks the GPS properties of an XMP packet with spaces of the same length, in place. */
function blankXmpGps(packet: Buffer): boolean {
  // latin1 keeps one character per byte, so the text's length is the packet's length.
  const text = packet.toString('latin1');
  const blanked = text
    .replace(xmpGpsAttribute, (_, name: string, quoted: string) => {
      return name + quoted[0] + ' '.repeat(quoted.length - 2) + quoted[0];
    })
    .replace(xmpGpsElement, (_, openTag: string, _name: string, value: string, closeTag: string) => {
      return openTag + ' '.repeat(value.length) + closeTag;
    });
  if (blanked === text) return false;
  packet.write(blanked, 0, 'latin1');
  return true;
}

const exifHeader = Buffer.from('Exif\0\0', 'latin1');
const xmpHeader = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');

async function readAt(file: FileHandle, at: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, at);
  return buffer.subarray(0, bytesRead);
}

/** The JPEG's segments before its image data: each APP1 EXIF and XMP block is cleaned in the head. */
async function jpegPatches(file: FileHandle): Promise<Patch[]> {
  const head = await readAt(file, 0, jpegHeadBytes);
  if (head.length < 4 || head[0] !== 0xff || head[1] !== 0xd8) return [];
  // The span of the segments that changed: only those bytes are written back.
  let from = head.length;
  let to = 0;
  let at = 2;
  while (at + 4 <= head.length && head[at] === 0xff) {
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // Start of scan or end of image: no more metadata segments.
    if (marker === 0xda || marker === 0xd9) break;
    const end = at + 2 + head.readUInt16BE(at + 2);
    if (end < at + 4 || end > head.length) break;
    const body = head.subarray(at + 4, end);
    let changed = false;
    if (marker === 0xe1 && body.subarray(0, 6).equals(exifHeader)) {
      changed = stripTiffGps(body.subarray(6));
    } else if (marker === 0xe1 && body.subarray(0, xmpHeader.length).equals(xmpHeader)) {
      changed = blankXmpGps(body.subarray(xmpHeader.length));
    }
    if (changed) [from, to] = [Math.min(from, at), end];
    at = end;
  }
  // One write: any unchanged segments between two changed ones go back as they were read.
  return to > from ? [{ at: from, bytes: head.subarray(from, to) }] : [];
}

/** A PNG's eXIf chunk (before the image data), with its CRC made right again. */
async function pngPatches(file: FileHandle): Promise<Patch[]> {
  let at = 8;
  for (let i = 0; i < maxHeaders; i++) {
    const header = await readAt(file, at, 8);
    if (header.length < 8) return [];
    const length = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (type === 'IDAT' || type === 'IEND') return [];
    if (type === 'eXIf') {
      if (length > maxExifBytes) return [];
      const data = await readAt(file, at + 8, length);
      if (data.length < length || !stripTiffGps(data)) return [];
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(data, crc32(header.subarray(4, 8))));
      return [{ at: at + 8, bytes: Buffer.concat([data, crc]) }];
    }
    at += 12 + length;
  }
  return [];
}

/** A WebP's EXIF chunk (usually after the image data) and XMP chunk, found by their headers. */
async function webpPatches(file: FileHandle): Promise<Patch[]> {
  const riff = await readAt(file, 0, 12);
  if (
    riff.length < 12 ||
    riff.toString('latin1', 0, 4) !== 'RIFF' ||
    riff.toString('latin1', 8, 12) !== 'WEBP'
  )
    return [];
  const patches: Patch[] = [];
  let at = 12;
  for (let i = 0; i < maxHeaders; i++) {
    const header = await readAt(file, at, 8);
    if (header.length < 8) break;
    const type = header.toString('latin1', 0, 4);
    const length = header.readUInt32LE(4);
    if ((type === 'EXIF' || type === 'XMP ') && length <= maxExifBytes) {
      const data = await readAt(file, at + 8, length);
      // Some writers keep the JPEG's "Exif\0\0" in front of the TIFF structure.
      const tiff = data.subarray(0, 6).equals(exifHeader) ? data.subarray(6) : data;
      if (data.length === length && (type === 'EXIF' ? stripTiffGps(tiff) : blankXmpGps(data)))
        patches.push({ at: at + 8, bytes: data });
    }
    at += 8 + length + (length % 2);
  }
  return patches;
}

/** A box's size and type at `at` in `data` (the header's own length too); null past the end. */
function boxAt(data: Buffer, at: number, end: number) {
  if (at + 8 > end) return null;
  let size = data.readUInt32BE(at);
  let headerLength = 8;
  if (size === 1) {
    if (at + 16 > end) return null;
    size = Number(data.readBigUInt64BE(at + 8));
    headerLength = 16;
  } else if (size === 0) size = end - at;
  if (size < headerLength || at + size > end) return null;
  return { type: data.toString('latin1', at + 4, at + 8), body: at + headerLength, end: at + size };
}

function readSized(data: Buffer, at: number, bytes: number): number {
  if (bytes === 0) return 0;
  if (bytes === 4) return data.readUInt32BE(at);
  if (bytes === 8) return Number(data.readBigUInt64BE(at));
  throw new RangeError('unsupported field size');
}

/** The file position and length of a HEIC's EXIF item, read from its `meta` box (iinf + iloc). */
function heicExifExtent(meta: Buffer): { offset: number; length: number } | null {
  // `meta` is a full box: version and flags come before its children.
  const boxes = new Map<string, { body: number; end: number }>();
  for (
    let at = 4, box = boxAt(meta, at, meta.length);
    box;
    at = box.end, box = boxAt(meta, at, meta.length)
  ) {
    boxes.set(box.type, box);
  }
  const iinf = boxes.get('iinf');
  const iloc = boxes.get('iloc');
  if (!iinf || !iloc) return null;
  const exifItems = new Set<number>();
  let at = iinf.body + 4 + (meta[iinf.body] === 0 ? 2 : 4);
  for (let box = boxAt(meta, at, iinf.end); box; at = box.end, box = boxAt(meta, at, iinf.end)) {
    const version = meta[box.body]!;
    if (box.type !== 'infe' || version < 2) continue;
    const id = version === 2 ? meta.readUInt16BE(box.body + 4) : meta.readUInt32BE(box.body + 4);
    const typeAt = box.body + 4 + (version === 2 ? 2 : 4) + 2;
    if (meta.toString('latin1', typeAt, typeAt + 4) === 'Exif') exifItems.add(id);
  }
  if (exifItems.size === 0) return null;

  const version = meta[iloc.body]!;
  at = iloc.body + 4;
  const offsetSize = meta[at]! >> 4;
  const lengthSize = meta[at]! & 0xf;
  const baseOffsetSize = meta[at + 1]! >> 4;
  const indexSize = version >= 1 ? meta[at + 1]! & 0xf : 0;
  at += 2;
  const itemCount = version < 2 ? meta.readUInt16BE(at) : meta.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  for (let i = 0; i < itemCount; i++) {
    const id = version < 2 ? meta.readUInt16BE(at) : meta.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version >= 1) {
      method = meta.readUInt16BE(at) & 0xf;
      at += 2;
    }
    const dataReference = meta.readUInt16BE(at);
    const base = readSized(meta, at + 2, baseOffsetSize);
    at += 2 + baseOffsetSize;
    const extents = meta.readUInt16BE(at);
    at += 2;
    const extentAt = at;
    at += extents * (indexSize + offsetSize + lengthSize);
    if (!exifItems.has(id)) continue;
    // Only an item stored whole in this file, in one piece, is cleaned.
    if (method !== 0 || dataReference !== 0 || extents !== 1) return null;
    const offset = base + readSized(meta, extentAt + indexSize, offsetSize);
    const length = readSized(meta, extentAt + indexSize + offsetSize, lengthSize);
    return { offset, length };
  }
  return null;
}

/** A HEIC's EXIF item, found through the `meta` box at the start of the file. */
async function heicPatches(file: FileHandle): Promise<Patch[]> {
  let at = 0;
  for (let i = 0; i < maxHeaders; i++) {
    // Only the box's size and type are read here, not the box.
    const header = await readAt(file, at, 16);
    const size = header.length >= 8 ? header.readUInt32BE(0) : 0;
    const type = header.toString('latin1', 4, 8);
    const length = size === 1 && header.length === 16 ? Number(header.readBigUInt64BE(8)) : size;
    if (header.length < 8 || length < 8) return [];
    if (type === 'meta') {
      const bodyAt = at + (size === 1 ? 16 : 8);
      const bodyLength = at + length - bodyAt;
      if (bodyLength > maxMetaBytes) return [];
      const extent = heicExifExtent(await readAt(file, bodyAt, bodyLength));
      if (!extent || extent.length < 12 || extent.length > maxExifBytes) return [];
      const item = await readAt(file, extent.offset, extent.length);
      if (item.length < extent.length) return [];
      // The item starts with where its TIFF header is, counted from just after these 4 bytes.
      const tiffAt = 4 + item.readUInt32BE(0);
      if (tiffAt >= item.length || !stripTiffGps(item.subarray(tiffAt))) return [];
      return [{ at: extent.offset, bytes: item }];
    }
    at += length;
  }
  return [];
}

const patchesByExt: Record<string, (file: FileHandle) => Promise<Patch[]>> = {
  jpg: jpegPatches,
  png: pngPatches,
  webp: webpPatches,
  heic: heicPatches,
  // AVIF is the same file structure as HEIC, with its EXIF as an item too.
  avif: heicPatches,
};

/**
 * Removes the photo's location from the file at `filePath`, in place and at the same length, for
 * JPEG, PNG, WebP, HEIC and AVIF (GIF has no EXIF; videos are not touched). Answers whether the
 * file changed. A file whose metadata does not parse is left as it is.
 */
export async function stripLocation(filePath: string, media: DetectedMedia): Promise<boolean> {
  const patchesOf = media.type === 'image' ? patchesByExt[media.ext] : undefined;
  if (!patchesOf) return false;
  const file = await open(filePath, 'r+');
  try {
    let patches: Patch[];
    try {
      patches = await patchesOf(file);
    } catch (error) {
      // A field that points past what was read: the metadata does not hold together, keep it.
      if (error instanceof RangeError) return false;
      throw error;
    }
    for (const patch of patches) await file.write(patch.bytes, 0, patch.bytes.length, patch.at);
    return patches.length > 0;
  } finally {
    await file.close();
  }
}

/** Size, SHA-256 and CRC-32 of a file, read once (after its bytes changed on disk). */
export async function recount(filePath: string): Promise<{ size: number; sha256: string; crc32: number }> {
  const file = await open(filePath);
  try {
    const { size, sha256, crc32: crc } = (await tallyFile(file, new ContentTally())).finish();
    return { size, sha256, crc32: crc };
  } finally {
    await file.close();
  }
}
