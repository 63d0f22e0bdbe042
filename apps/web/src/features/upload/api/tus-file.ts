import { Upload, type DetailedError } from 'tus-js-client';
import { submissionTexts } from '../texts';
import { tusUpload } from '../upload-protocol';

/** How one file's upload ended. `settled`: the server had every byte already and named no outcome. */
export type TusOutcome =
  { kind: 'accepted' | 'duplicate' | 'settled' } | { kind: 'refused'; reason: string } | { kind: 'failed' };

// Waits between tries of a failed request: quick at first (a blip), then longer (walking out of a dead
// spot), about a minute in all before the page says the connection is gone and offers to continue.
const retryDelays = [0, 1000, 3000, 5000, 10_000, 20_000];

/** A 4xx is the server's verdict on the file, not a network accident; these few are worth a retry. */
const retriable = new Set([408, 409, 423, 429]);

/**
 * Sends one file with tus 1.0 to /api/uploads (creation, then PATCH chunks of at most 8 MiB), or
 * continues at `uploadUrl` (HEAD for the offset, then the missing bytes). The upload address is handed
 * to `onUploadUrl` as soon as it exists, so the page can store it for after a reload. Resuming goes
 * through that stored address only: tus-js-client's own fingerprint store would match the same photo
 * picked again later for another submission (docs/decisions/0095).
 */
export function sendFile(input: {
  file: File;
  submissionId: string;
  uploadUrl: string | null;
  onUploadUrl: (url: string) => void;
  onProgress: (sent: number) => void;
  signal?: AbortSignal;
}): Promise<TusOutcome> {
  return new Promise((resolve) => {
    let outcome: string | null = null;
    const upload = new Upload(input.file, {
      endpoint: tusUpload.endpoint,
      uploadUrl: input.uploadUrl,
      chunkSize: tusUpload.chunkBytes,
      retryDelays,
      storeFingerprintForResuming: false,
      metadata: {
        [tusUpload.metadata.submissionId]: input.submissionId,
        [tusUpload.metadata.filename]: input.file.name,
        [tusUpload.metadata.filetype]: input.file.type,
      },
      onUploadUrlAvailable: () => {
        if (upload.url) input.onUploadUrl(upload.url);
      },
      onProgress: (sent) => input.onProgress(sent),
      onAfterResponse: (_request, response) => {
        const header = response.getHeader(tusUpload.outcomeHeader);
        if (header) outcome = header;
      },
      onShouldRetry: (error, _attempt, options) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status >= 400 && status < 500 && !retriable.has(status)) return false;
        return options.retryDelays != null;
      },
      onSuccess: () => {
        resolve({ kind: outcome === 'accepted' || outcome === 'duplicate' ? outcome : 'settled' });
      },
      onError: (error) => {
        const response = (error as DetailedError).originalResponse;
        const status = response?.getStatus() ?? 0;
        if (status >= 400 && status < 500 && !retriable.has(status)) {
          resolve({ kind: 'refused', reason: response?.getBody()?.trim() || submissionTexts.refused });
        } else {
          resolve({ kind: 'failed' });
        }
      },
    });
    input.signal?.addEventListener(
      'abort',
      () => {
        void upload.abort();
        resolve({ kind: 'failed' });
      },
      { once: true },
    );
    upload.start();
  });
}
