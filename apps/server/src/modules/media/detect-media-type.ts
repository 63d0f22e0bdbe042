import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import type { MediaType } from '@ani/contract/media';

/** Bytes file-type needs to recognise every accepted format (its own sample size). */
export const detectionHeadBytes = 4100;

export interface DetectedMedia {
  type: MediaType;
  /** Canonical extension the stored object gets (never the client's file name). */
  ext: string;
  mime: string;
  /** HEIC/HEIF need the WebAssembly decoder; sharp's prebuilt libvips has no HEVC. */
  needsHeicDecoder: boolean;
}

export type DetectionResult =
  { ok: true; media: DetectedMedia } | { ok: false; reason: 'undetectable' | 'unsupported' };

const accepted: Record<string, Omit<DetectedMedia, 'mime'> & { mime?: string }> = {
  jpg: { type: 'image', ext: 'jpg', needsHeicDecoder: false },
  png: { type: 'image', ext: 'png', needsHeicDecoder: false },
  webp: { type: 'image', ext: 'webp', needsHeicDecoder: false },
  gif: { type: 'image', ext: 'gif', needsHeicDecoder: false },
  avif: { type: 'image', ext: 'avif', needsHeicDecoder: false },
  heic: { type: 'image', ext: 'heic', needsHeicDecoder: true },
  mp4: { type: 'video', ext: 'mp4', needsHeicDecoder: false },
  // Apple's M4V brand is an MP4 file; browsers play it as video/mp4.
  m4v: { type: 'video', ext: 'mp4', mime: 'video/mp4', needsHeicDecoder: false },
  mov: { type: 'video', ext: 'mov', needsHeicDecoder: false },
  webm: { type: 'video', ext: 'webm', needsHeicDecoder: false },
};

// HEIF image *sequences* (burst/animated) are not photos a guest means to share; Live Photos arrive as HEIC + MOV.
const rejectedMimes = new Set(['image/heif-sequence', 'image/heic-sequence']);

/** A file's first `detectionHeadBytes` (fewer when it is shorter): what `detectMediaType` reads. */
export async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(detectionHeadBytes);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Detects the type from the content's first bytes (magic numbers), never from the file name or the
 * browser's MIME type, so a renamed .exe or an SVG/HTML file named photo.jpg is refused.
 */
export async function detectMediaType(head: Uint8Array): Promise<DetectionResult> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return { ok: false, reason: 'undetectable' };
  const rule = accepted[found.ext];
  if (!rule || rejectedMimes.has(found.mime)) return { ok: false, reason: 'unsupported' };
  return { ok: true, media: { ...rule, mime: rule.mime ?? found.mime } };
}

/** The MIME type a stored object is served with, from its (generated) extension. */
export function mimeForExtension(ext: string): string {
  const map: Record<string, string> = {
    jpg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    gif: 'image/gif',
    avif: 'image/avif',
    heic: 'image/heic',
    mp4: 'video/mp4',
    mov: 'video/quicktime',
    webm: 'video/webm',
    zip: 'application/zip',
    csv: 'text/csv; charset=utf-8',
  };
  return map[ext.toLowerCase()] ?? 'application/octet-stream';
}
