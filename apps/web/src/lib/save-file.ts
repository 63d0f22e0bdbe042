import { downloadViaBrowser } from './album-download';

/** Hands bytes made or fetched by the page to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadViaBrowser(url, fileName);
  // The download has started from the address; it is freed a while later, not under it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
