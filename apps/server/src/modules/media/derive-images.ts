import { createHash } from 'node:crypto';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { coverWidths } from '@ani/contract/events';
import { loadSharp } from '../../sharp.ts';
import type { RawImage } from './heic-decoder.ts';

export const thumbnailSize = 400;
export const previewSize = 1600;
/** Decompression-bomb guard: ~100 MP (a 108 MP phone sensor still passes). */
export const maxInputPixels = 110_000_000;

export class ImageRejectedError extends Error {
  readonly reason: 'too-large' | 'unreadable';
  constructor(reason: 'too-large' | 'unreadable', message: string) {
    super(message);
    this.name = 'ImageRejectedError';
    this.reason = reason;
  }
}

export interface DerivedImages {
  /** WebP, shorter side ~400 px, for the album grid. */
  thumbnail: Buffer;
  /** WebP, longer side at most 1600 px, for the lightbox. */
  preview: Buffer;
  /** Dimensions of the original after EXIF rotation. */
  width: number;
  height: number;
}

// The pixel cap on every decode; `failOn` is chosen per attempt (decodeStrictThenLenient).
const sharpInputOptions = {
  limitInputPixels: maxInputPixels,
  sequentialRead: true,
} as const;

/**
 * Reads only the header and refuses images whose pixel count would be a decompression bomb, before
 * any pixel is decoded. Returns the display dimensions (EXIF orientation applied).
 */
export async function inspectImage(path: string): Promise<{ width: number; height: number; format: string }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // limitInputPixels false here: we want the header even for a bomb, to reject it with a clear reason.
    meta = await sharp(path, { limitInputPixels: false, failOn: 'none' }).metadata();
  } catch {
    throw new ImageRejectedError('unreadable', 'image header unreadable');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new ImageRejectedError('unreadable', 'image has no dimensions');
  if (width * height > maxInputPixels) {
    throw new ImageRejectedError('too-large', `image is ${width}x${height}, over ${maxInputPixels} pixels`);
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  return {
    width: rotated ? height : width,
    height: rotated ? width : height,
    format: meta.format ?? 'unknown',
  };
}

/**
 * libjpeg can decode a JPEG at 1/2, 1/4 or 1/8 of its size in the DCT domain for a fraction of the
 * work (a 12 MP photo: ~90 ms instead of ~220 ms here). sharp asks for it only when a reduction of
 * at least 3 remains after it, so a 4000 px phone photo bound for a 1600 px preview would be decoded
 * at full size; libvips' `file[shrink=N]` load option asks for it directly. N is the largest factor
 * that keeps the longer side at or above the preview size, so what follows only ever reduces.
 */
export function jpegShrinkOnLoad(width: number, height: number): 1 | 2 | 4 | 8 {
  const longer = Math.max(width, height);
  for (const factor of [8, 4, 2] as const) {
    if (Math.floor(longer / factor) >= previewSize) return factor;
  }
  return 1;
}

/** Pixels a decoder already made (a HEIC through the WebAssembly worker), under the same pixel cap as files. */
function openRaw(sharp: Awaited<ReturnType<typeof loadSharp>>, raw: RawImage) {
  if (raw.width * raw.height > maxInputPixels) {
    throw new ImageRejectedError('too-large', `image is ${raw.width}x${raw.height}`);
  }
  const open = (): Sharp =>
    sharp(raw.data, {
      raw: { width: raw.width, height: raw.height, channels: raw.channels },
      limitInputPixels: maxInputPixels,
    });
  return { width: raw.width, height: raw.height, open };
}

type Decoded = { data: Buffer; info: OutputInfo };

/**
 * Decodes strictly first (mere warnings pass) and retries leniently only when that fails: a photo
 * with damaged or missing last bytes (a transfer cut short, a flaky card) still shows what could be
 * decoded, better a thumbnail with a grey band than a broken tile. Only files libvips cannot make
 * anything of at all end as unreadable. Album photos and covers share this rule.
 */
async function decodeStrictThenLenient(
  decode: (failOn: 'error' | 'none') => Promise<Decoded>,
): Promise<Decoded> {
  try {
    return await decode('error');
  } catch (strictError) {
    try {
      return await decode('none');
    } catch {
      throw new ImageRejectedError('unreadable', `decode failed: ${(strictError as Error).message}`);
    }
  }
}

/**
 * One decode, two outputs: the original is decoded once (reduced on load where the format allows),
 * rotated by its EXIF orientation and reduced to the preview size as raw pixels; the preview and the
 * thumbnail are both encoded from those pixels. Output carries no metadata (sharp strips EXIF, GPS
 * included, unless asked to keep it).
 */
export async function deriveImages(input: string | RawImage): Promise<DerivedImages> {
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  let open: (failOn: 'error' | 'none') => Sharp;
  let jpegShrink = 1;
  if (typeof input === 'string') {
    let format: string;
    ({ width, height, format } = await inspectImage(input));
    if (format === 'jpeg') jpegShrink = jpegShrinkOnLoad(width, height);
    const file = jpegShrink > 1 ? `${input}[shrink=${jpegShrink}]` : input;
    open = (failOn) => sharp(file, { ...sharpInputOptions, failOn });
  } else ({ width, height, open } = openRaw(sharp, input));

  // Auto-orient after reducing: the bounding box is square, so the result is the same, and the
  // rotation then moves ~2 MP instead of the shrink-on-load decode's ~3 MP. After a phone JPEG's load
  // shrink a reduction below 2 remains: Mitchell does it ~25 % cheaper than Lanczos-3 with no
  // visible difference. sharp's own shrink-on-load (WebP, for one) stays off only for such a JPEG:
  // it would reopen the file with a second shrink option, which libvips refuses for a
  // `file[shrink=N]` name (a 40000 px panorama failed).
  const reduce = (failOn: 'error' | 'none') =>
    open(failOn)
      .resize({
        width: previewSize,
        height: previewSize,
        fit: 'inside',
        withoutEnlargement: true,
        kernel: 'mitchell',
        fastShrinkOnLoad: jpegShrink === 1,
      })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });

  const decoded = await decodeStrictThenLenient(reduce);
  const raw = {
    raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels },
  };
  // WebP effort 0 (default 4): encoding dominates the cost; on 12 MP photos effort 0 is several
  // times faster than 4 for files within ~1 % of the size at the same quality setting. Quality 75
  // for the preview: ~12 % faster and ~8 % smaller than 80, no difference visible in the lightbox.
  const [preview, thumbnail] = await Promise.all([
    sharp(decoded.data, raw).webp({ quality: 75, effort: 0 }).toBuffer(),
    sharp(decoded.data, raw)
      .resize({ width: thumbnailSize, height: thumbnailSize, fit: 'outside', withoutEnlargement: true })
      .webp({ quality: 75, effort: 0 })
      .toBuffer(),
  ]);
  return { thumbnail, preview, width, height };
}

/** One encoded size of a cover. */
type CoverFile = { width: number; format: 'avif' | 'webp' | 'jpg'; bytes: Buffer };

/** A cover in every size and format pages ask for, named by a hash of all of its bytes. */
export interface CoverImages {
  /** First 16 hex digits of the SHA-256 of every file: new bytes, new URLs (cached immutably). */
  version: string;
  widths: number[];
  files: CoverFile[];
}

/** Covers are 3:2: every place shows them as a landscape band (2:1 on phones to 4.4:1 on desktops). */
const coverAspect = 3 / 2;
/** The one JPEG (for browsers without WebP) is made at the widest size up to this. */
const coverJpegMaxWidth = 960;
/**
 * A size within this factor of the image's own width is not made: a 1000 px image gets 480 and
 * 1000, not also 960.
 */
const coverWidthGap = 1.15;

/** The sizes a cover of this width is made in (never enlarged). */
function coverWidthsFor(width: number): number[] {
  const steps = coverWidths.filter((w) => w * coverWidthGap <= width);
  return steps.at(-1) === width ? steps : [...steps, Math.min(width, coverWidths.at(-1)!)];
}

/** The width of a cover's JPEG fallback, from its widths. */
export function coverJpegWidth(widths: number[]): number {
  return widths.filter((w) => w <= coverJpegMaxWidth).at(-1) ?? widths[0]!;
}

/**
 * A cover from an uploaded image or an album photo: decoded once (pixel cap, strict then lenient as
 * for album photos), EXIF-rotated, cropped to 3:2 where libvips' attention strategy finds the
 * subject (faces and saturated detail, so a portrait keeps the couple rather than its middle), then
 * encoded as AVIF and WebP in each width and one JPEG. No metadata survives; the original is not
 * kept by anyone.
 */
export async function deriveCover(input: string | RawImage): Promise<CoverImages> {
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  let open: (failOn: 'error' | 'none') => Sharp;
  if (typeof input === 'string') {
    ({ width, height } = await inspectImage(input));
    open = (failOn) => sharp(input, { ...sharpInputOptions, sequentialRead: false, failOn });
  } else ({ width, height, open } = openRaw(sharp, input));
  const cropWidth = Math.min(width, Math.floor(height * coverAspect));
  const outWidth = Math.max(1, Math.min(cropWidth, coverWidths.at(-1)!));
  const outHeight = Math.max(1, Math.round(outWidth / coverAspect));
  const reduce = (failOn: 'error' | 'none') =>
    open(failOn)
      .rotate()
      .resize({ width: outWidth, height: outHeight, fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  const decoded = await decodeStrictThenLenient(reduce);
  const { info } = decoded;
  const widths = coverWidthsFor(info.width);
  const jpegWidth = coverJpegWidth(widths);
  const at = (w: number) =>
    sharp(decoded.data, { raw: { width: info.width, height: info.height, channels: info.channels } }).resize({
      width: w,
      kernel: 'mitchell',
    });
  // Sequential: a cover is made once, and one encoder at a time keeps the request's memory flat.
  // AVIF effort 3 (default 4): ~40 % faster for files ~3 % larger, measured on 1600 px covers.
  const files: CoverFile[] = [];
  for (const w of widths) {
    files.push({ width: w, format: 'avif', bytes: await at(w).avif({ quality: 50, effort: 3 }).toBuffer() });
    files.push({ width: w, format: 'webp', bytes: await at(w).webp({ quality: 72, effort: 4 }).toBuffer() });
    if (w === jpegWidth) {
      files.push({
        width: w,
        format: 'jpg',
        bytes: await at(w).jpeg({ quality: 75, mozjpeg: true }).toBuffer(),
      });
    }
  }
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.bytes);
  return { version: hash.digest('hex').slice(0, 16), widths, files };
}

/**
 * Grid tile for a video whose poster frame cannot be made (no ffmpeg on the server): a dark tile
 * with a play symbol and the word "Video", so the album shows clearly what the item is.
 */
export async function videoPlaceholder(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
  <rect width="640" height="480" fill="#1f2937"/>
  <circle cx="320" cy="210" r="70" fill="#ffffff" fill-opacity="0.9"/>
  <polygon points="295,170 295,250 365,210" fill="#1f2937"/>
  <text x="320" y="340" font-family="sans-serif" font-size="44" fill="#ffffff" text-anchor="middle">Video</text>
</svg>`;
  return (await loadSharp())(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
