import { limits } from '@ani/contract/limits';

/**
 * A simulated progress (1 point every 300 ms, never past 95) for when the real size is unknown.
 * Returns a stop function.
 */
export function startSimulatedProgress(
  onProgress: (percent: number) => void,
  options: { from?: number; tickMs?: number; cap?: number } = {},
): () => void {
  const tickMs = options.tickMs ?? limits.downloadProgressTickMs;
  const cap = options.cap ?? limits.downloadProgressCap;
  let value = options.from ?? 0;
  const timer = setInterval(() => {
    if (value >= cap) return;
    value += 1;
    onProgress(value);
  }, tickMs);
  return () => clearInterval(timer);
}

/** Whole percent of bytes received out of Content-Length; 99 at most until the last byte is written. */
export function percentOf(received: number, total: number): number {
  if (total <= 0) return 0;
  if (received >= total) return 100;
  return Math.min(99, Math.floor((received / total) * 100));
}

/** The declared size, or null when the response has none (then progress is simulated). */
export function contentLength(response: Response): number | null {
  const raw = response.headers.get('content-length');
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The parts of the File System Access API used here (Chromium desktop); not in TypeScript's DOM lib. */
export interface WritableFile {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}
type SavePicker = (options: {
  suggestedName: string;
  types?: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<WritableFile> }>;

export function savePicker(): SavePicker | null {
  const picker = (window as unknown as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  return typeof picker === 'function' ? picker.bind(window) : null;
}

/**
 * Copies a response body to a file chunk by chunk, reporting progress. Memory stays at one chunk,
 * so a multi-GB album never sits in a Blob.
 */
export async function streamToFile(
  response: Response,
  file: WritableFile,
  onProgress: (percent: number) => void,
): Promise<void> {
  const total = contentLength(response);
  const stopSimulation = total === null ? startSimulatedProgress(onProgress) : null;
  const reader = response.body!.getReader();
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await file.write(value);
      received += value.byteLength;
      if (total !== null) onProgress(percentOf(received, total));
    }
    await file.close();
  } catch (error) {
    await file.abort(error).catch(() => undefined);
    throw error;
  } finally {
    stopSimulation?.();
  }
}

/**
 * Hands a (signed, cookie-free) URL to the browser's own download manager: it streams to disk, survives
 * the tab going to the background on a phone and shows its own progress.
 */
export function downloadViaBrowser(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
