import { limits } from '@ani/contract/limits';
import { cleanLine, stripInvisible } from '@ani/contract/text';
import { uploadTexts } from './texts';

const u = uploadTexts;

export type MediaKind = 'image' | 'video';

/** What the drag-and-drop variant says when a dropped file's type cannot be told (spec part 1 §5). */
export const dragTypeUndetectable = 'Sürüklediğiniz dosyalardan bazıları desteklenmiyor (dosya tipi algılanamadı).';

// Some browsers give HEIC/HEIF (iPhone photos) and a few video containers an empty MIME type;
// the extension is then the only hint. The server checks the real content anyway.
const kindByExtension: Record<string, MediaKind> = {
  jpg: 'image', jpeg: 'image', png: 'image', webp: 'image', gif: 'image', avif: 'image', heic: 'image', heif: 'image',
  mp4: 'video', m4v: 'video', mov: 'video', webm: 'video', qt: 'video',
};

/** 'image' | 'video', 'other' for a known non-media type, null when the type cannot be told at all. */
export function mediaKindOf(file: { name: string; type: string }): MediaKind | 'other' | null {
  const type = file.type.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type) return 'other';
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return kindByExtension[ext] ?? null;
}

export interface SelectionResult<F> {
  files: F[];
  error: string | null;
}

/**
 * Adds picked or dropped files to the selection, checked in the spec's order. A batch that breaks a rule
 * is refused whole, so the guest never wonders which of their files silently went missing.
 */
export function addToSelection<F extends { name: string; type: string; size: number }>(
  current: F[],
  incoming: F[],
  source: 'picker' | 'drop' = 'picker',
): SelectionResult<F> {
  const kinds = incoming.map(mediaKindOf);
  if (kinds.some((k) => k === null)) {
    return { files: current, error: source === 'drop' ? dragTypeUndetectable : u.typeUndetectable };
  }
  if (kinds.some((k) => k === 'other')) return { files: current, error: u.onlyImagesAndVideos };
  const next = [...current, ...incoming];
  const count = (kind: MediaKind) => next.filter((f) => mediaKindOf(f) === kind).length;
  if (count('image') > limits.maxPhotosPerUpload) return { files: current, error: u.maxPhotos };
  if (count('video') > limits.maxVideosPerUpload) return { files: current, error: u.maxVideos };
  if (next.reduce((sum, f) => sum + f.size, 0) > limits.maxUploadBytes) return { files: current, error: u.maxTotalSize };
  return { files: next, error: null };
}

export interface UploadFormErrors {
  files?: string;
  name?: string;
  note?: string;
}

/** Checks before sending: a file, then the name (required, ≥ 2 after trimming), then the note's length. */
export function validateUpload(input: { fileCount: number; name: string; note: string }): UploadFormErrors {
  const errors: UploadFormErrors = {};
  if (input.fileCount === 0) errors.files = u.selectFiles;
  // Counted as the server stores it: invisible characters do not make a name long enough.
  const name = cleanLine(input.name);
  if (!name) errors.name = u.nameRequired;
  else if (name.length < limits.uploaderNameMin) errors.name = u.nameMin;
  else if (name.length > limits.uploaderNameMax) errors.name = u.nameMax;
  if (stripInvisible(input.note).trim().length > limits.uploadNoteMax) errors.note = u.noteMax;
  return errors;
}

/** The button's text: "N Dosyayı Yükle". */
export function uploadButtonLabel(count: number): string {
  return `${count} Dosyayı Yükle`;
}
