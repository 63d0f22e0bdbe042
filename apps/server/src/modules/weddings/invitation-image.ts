import { fileTypeFromBuffer } from 'file-type';
import { loadSharp } from '../../sharp.ts';

// Formats sharp's prebuilt libvips decodes. HEIC needs the WebAssembly decoder the media module
// runs in a worker; an invitation card is made on a computer, so HEIC is refused here.
const decodable = new Set(['jpg', 'png', 'webp', 'gif', 'avif', 'tif']);

export type PreparedImage = { ok: true; bytes: Buffer } | { ok: false; reason: 'not-image' | 'unreadable' };

/**
 * Checks the type by content (magic bytes) and re-encodes to JPEG: WhatsApp template headers accept
 * only JPEG or PNG, and re-encoding drops EXIF (GPS) and applies the EXIF rotation.
 */
export async function prepareInvitationImage(input: Buffer): Promise<PreparedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !type.mime.startsWith('image/') || !decodable.has(type.ext))
    return { ok: false, reason: 'not-image' };
  try {
    const sharp = await loadSharp();
    const bytes = await sharp(input, { limitInputPixels: 100_000_000 })
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
