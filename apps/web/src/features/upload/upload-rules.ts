import { limits } from '@ani/contract/limits';
import { cleanLine, stripInvisible } from '@ani/contract/text';
import { submissionTexts, uploadTexts } from './texts';

const u = uploadTexts;
const s = submissionTexts;

export type MediaKind = 'image' | 'video';

/** What the drag-and-drop variant says when a dropped file's type cannot be told. */
export const dragTypeUndetectable =
  'Sürüklediğiniz dosyalardan bazıları desteklenmiyor (dosya tipi algılanamadı).';

// Some browsers give HEIC/HEIF (iPhone photos) and a few video containers an empty MIME type;
// the extension is then the only hint. The server checks the real content anyway.
const kindByExtension: Record<string, MediaKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  gif: 'image',
  avif: 'image',
  heic: 'image',
  heif: 'image',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  webm: 'video',
  qt: 'video',
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

/** A file left out of the selection and the rule it broke, so the guest reads which one and why. */
export interface LeftOut {
  name: string;
  reason: string;
}

export interface SelectionResult<F> {
  files: F[];
  leftOut: LeftOut[];
}

/**
 * Adds picked or dropped files to the selection, in the order given, checking each against the upload
 * rules (type detectable, image or video, 10 photos, 3 videos, 100 MB in total). The files that fit are
 * kept; each one that does not is named with its reason. Choosing 11 photos keeps 10 and names the
 * 11th; a text file among photos is named and the photos stay.
 */
export function addToSelection<F extends { name: string; type: string; size: number; lastModified?: number }>(
  current: F[],
  incoming: F[],
  source: 'picker' | 'drop' = 'picker',
): SelectionResult<F> {
  const files = [...current];
  const leftOut: LeftOut[] = [];
  const counts = { image: 0, video: 0 };
  let bytes = 0;
  for (const file of current) {
    const kind = mediaKindOf(file);
    if (kind === 'image' || kind === 'video') counts[kind] += 1;
    bytes += file.size;
  }
  // The same photo picked again (the picker opened twice) is one file: name, size and date match.
  const sameFile = (a: F, b: F) =>
    a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
  for (const file of incoming) {
    const kind = mediaKindOf(file);
    if (file.size === 0) {
      leftOut.push({ name: file.name, reason: u.emptyFile });
      continue;
    }
    if (files.some((chosen) => sameFile(chosen, file))) {
      leftOut.push({ name: file.name, reason: u.alreadySelected });
      continue;
    }
    if (kind === null || kind === 'other') {
      const reason =
        kind === 'other'
          ? u.onlyImagesAndVideos
          : source === 'drop'
            ? dragTypeUndetectable
            : u.typeUndetectable;
      leftOut.push({ name: file.name, reason });
      continue;
    }
    const full =
      kind === 'image'
        ? counts.image >= limits.maxPhotosPerUpload
        : counts.video >= limits.maxVideosPerUpload;
    const reason = full
      ? kind === 'image'
        ? u.maxPhotos
        : u.maxVideos
      : bytes + file.size > limits.maxUploadBytes
        ? u.maxTotalSize
        : null;
    if (reason) {
      leftOut.push({ name: file.name, reason });
      continue;
    }
    counts[kind] += 1;
    bytes += file.size;
    files.push(file);
  }
  return { files: leftOut.length === incoming.length && incoming.length > 0 ? current : files, leftOut };
}

/**
 * The left-out files by reason, in the order each reason first came: a whole camera roll picked at
 * once is a few lines ("140 files: at most 10 photos"), not one line per file.
 */
export function groupLeftOut(leftOut: LeftOut[]): { reason: string; names: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const { name, reason } of leftOut) groups.set(reason, [...(groups.get(reason) ?? []), name]);
  return [...groups].map(([reason, names]) => ({ reason, names }));
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
  // Letters as the server counts them (code points): "💍" is one, not the two UTF-16 units it takes.
  const name = cleanLine(input.name);
  const letters = [...name].length;
  if (!name) errors.name = u.nameRequired;
  else if (letters < limits.uploaderNameMin) errors.name = u.nameMin;
  else if (letters > limits.uploaderNameMax) errors.name = u.nameMax;
  if (noteLength(input.note) > limits.uploadNoteMax) errors.note = u.noteMax;
  return errors;
}

/** The note's length as the 500-letter rule counts it (what the server stores). */
function noteLength(note: string): number {
  return stripInvisible(note).trim().length;
}

/** "430/500" once a note comes within 100 letters of its limit; nothing before, so a short note stays calm. */
export function noteCounter(note: string): string | null {
  const length = noteLength(note);
  return length >= limits.uploadNoteMax - 100 ? `${length}/${limits.uploadNoteMax}` : null;
}

/** The button's text: "N Dosyayı Yükle". */
export function uploadButtonLabel(count: number): string {
  return `${count} Dosyayı Yükle`;
}

// The server's reasons that speak of the whole upload ("some of the files you chose", "uploads are
// closed", "the album is full"), each with what the page says beside one file's name instead.
const perFileReasons = new Map<string, string>([
  [u.typeUndetectable, s.reasonTypeUndetectable],
  [u.closed, s.reasonClosed],
  [u.quotaBytes, s.reasonQuotaBytes],
  [u.quotaItems, s.reasonQuotaItems],
  [u.ipBudget, s.reasonIpBudget],
]);

/**
 * Why one file was refused, as its tile and the list of refused files say it: the server's reason, or a
 * short one of the page's own where the server's is a sentence about the whole upload, which would
 * otherwise repeat once per file under a notice that already says it.
 */
export function perFileReason(reason: string | null): string {
  if (!reason) return s.refused;
  return perFileReasons.get(reason) ?? reason;
}

/**
 * How long the page still waits for a busy server, as its message says it: seconds in the last minute,
 * whole minutes (rounded up) before that, so the figure never promises a start sooner than it comes.
 */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const wait =
    seconds < 60
      ? s.busySeconds.replace('{n}', String(seconds))
      : s.busyMinutes.replace('{n}', String(Math.ceil(seconds / 60)));
  return s.busy.replace('{süre}', wait);
}
