import { shownUploader } from '@ani/contract/media';
import { limits } from '@ani/contract/limits';

/** Total pages = ceil(photoCount / 12), recomputed whenever the count changes. */
export function totalPages(photoCount: number, pageSize: number = limits.albumPageSize): number {
  return Math.max(0, Math.ceil(photoCount / pageSize));
}

/**
 * Whether another page may be asked for. The server's cursor is the authority (uploads may arrive while
 * the host scrolls); the count only stops asking once everything the event holds is on screen.
 */
export function hasMorePages(input: {
  nextToken: string | null;
  loadedItems: number;
  photoCount: number;
}): boolean {
  return input.nextToken !== null && input.loadedItems < input.photoCount;
}

/** Grid columns for the grid's width: 2 on phones, 3 on tablets, 4 on desktops. */
export function columnsFor(width: number): 2 | 3 | 4 {
  if (width < 640) return 2;
  if (width < 1024) return 3;
  return 4;
}

/** True when the bottom of the page is within 300 px of the viewport's bottom. */
export function nearBottom(
  scroll: { scrollY: number; viewportHeight: number; documentHeight: number },
  threshold: number = limits.scrollTriggerPx,
): boolean {
  return scroll.documentHeight - (scroll.scrollY + scroll.viewportHeight) <= threshold;
}

/** Zoom in ×1.5 steps between 0.5 and 5. */
export function zoomIn(zoom: number): number {
  return Math.min(limits.zoomMax, Math.round(zoom * limits.zoomStep * 1000) / 1000);
}

export function zoomOut(zoom: number): number {
  return Math.max(limits.zoomMin, Math.round((zoom / limits.zoomStep) * 1000) / 1000);
}

/** Panning only makes sense above 1×; below it the picture snaps back to the centre. */
export function canPan(zoom: number): boolean {
  return zoom > 1;
}

/** Previous/next wrapping around the ends. */
export function wrapIndex(index: number, length: number): number {
  if (length === 0) return 0;
  return ((index % length) + length) % length;
}

/** The album's "Yükleyen": 'anonymous' → "Misafir", missing → "Anonim". */
export function uploaderLabel(uploader: string | null | undefined): string {
  return shownUploader(uploader) ?? 'Anonim';
}

/** Browsers cannot show HEIC/HEIF; those are viewed through their derived preview only. */
export function browserCanShow(mimeType: string): boolean {
  return !/^image\/hei[cf]/i.test(mimeType);
}
