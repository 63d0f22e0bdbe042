import { fileTypeFromBuffer } from 'file-type';
import { limits } from '@ani/contract/limits';
import { loadSharp } from '../../sharp.ts';

// Formats sharp's prebuilt libvips decodes. HEIC needs the WebAssembly decoder the media module
// runs in a worker; an invitation card is made on a computer (and an iPhone's picker hands the page
// a JPEG), so HEIC is refused here, with a text that names the formats that work.
const decodable = new Set(['jpg', 'png', 'webp', 'gif', 'avif', 'tif']);
const maxPixels = limits.invitationImageMaxPixels;

export type PreparedImage =
  | { ok: true; bytes: Buffer }
  | { ok: false; reason: 'not-image' | 'other-format' | 'too-many-pixels' | 'unreadable' };

/**
 * Checks the type by content (magic bytes) and re-encodes to JPEG: WhatsApp template headers accept
 * only JPEG or PNG, and re-encoding drops EXIF (GPS) and applies the EXIF rotation.
 */
export async function prepareInvitationImage(input: Buffer): Promise<PreparedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !type.mime.startsWith('image/')) return { ok: false, reason: 'not-image' };
  if (!decodable.has(type.ext)) return { ok: false, reason: 'other-format' };
  try {
    const sharp = await loadSharp();
    // The header's size first, so a valid but huge image is told as huge rather than as broken.
    const { width = 0, height = 0 } = await sharp(input).metadata();
    if (width * height > maxPixels) return { ok: false, reason: 'too-many-pixels' };
    const bytes = await sharp(input, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return { ok: true, bytes };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
