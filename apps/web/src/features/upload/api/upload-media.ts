import { uploadTexts } from '../texts';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Bytes of each selected file sent so far, in selection order. */
  perFile: number[];
}

export class UploadError extends Error {
  readonly kind: 'network' | 'http' | 'aborted';
  readonly status: number;
  constructor(kind: 'network' | 'http' | 'aborted', message: string, status = 0) {
    super(message);
    this.name = 'UploadError';
    this.kind = kind;
    this.status = status;
  }
}

/** Text shown when the guest's connection dropped mid-upload (the files stay selected for a retry). */
const networkFailureText =
  'Bağlantı koptu. Dosyalarınız seçili duruyor; tekrar denemek için yükle düğmesine dokunun.';

/**
 * Splits the request's sent bytes over the files. The multipart body carries the fields first and the
 * files in order, so the sent bytes (scaled to leave out part headers) fill the files one after another.
 */
export function perFileProgress(sizes: number[], loaded: number, total: number): number[] {
  const fileBytes = sizes.reduce((a, b) => a + b, 0);
  const sentFileBytes = total > 0 ? Math.min(fileBytes, (loaded / total) * fileBytes) : 0;
  let offset = 0;
  return sizes.map((size) => {
    const sent = Math.max(0, Math.min(size, sentFileBytes - offset));
    offset += size;
    return sent;
  });
}

function serverMessage(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    const message = body && typeof body === 'object' ? (body as Record<string, unknown>).message : undefined;
    return typeof message === 'string' && message ? message : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/events/{id}/upload as multipart (files, uploader, note) with XMLHttpRequest, because fetch
 * still cannot report upload progress in every browser guests carry. No token is sent (public call).
 */
export function uploadMedia(input: {
  eventId: string;
  files: File[];
  uploader: string;
  note: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}): Promise<{ message: string; count: number }> {
  const form = new FormData();
  // Fields before files: the server knows the uploader before it stores a single byte.
  form.append('uploader', input.uploader.trim());
  if (input.note.trim()) form.append('note', input.note.trim());
  for (const file of input.files) form.append('files', file, file.name);
  const sizes = input.files.map((f) => f.size);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/events/${encodeURIComponent(input.eventId)}/upload`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : sizes.reduce((a, b) => a + b, 0);
      input.onProgress?.({
        loaded: event.loaded,
        total,
        perFile: perFileProgress(sizes, event.loaded, total),
      });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ message: serverMessage(xhr.responseText) ?? '', count: input.files.length });
      } else {
        reject(new UploadError('http', serverMessage(xhr.responseText) ?? uploadTexts.failed, xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError('network', networkFailureText));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new UploadError('aborted', ''));
    input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
