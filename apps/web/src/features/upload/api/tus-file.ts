import { Upload, type DetailedError, type HttpResponse } from 'tus-js-client';
import { submissionTexts } from '../texts';
import { tusUpload } from '../upload-protocol';
import { retryAfterSeconds } from './retry-after';
import { serverMessage } from './server-message';

/**
 * Why the bytes are not moving, while the upload waits instead of giving up: the phone says it is
 * offline, or a request failed and the next try is waiting. null once bytes move again.
 */
export type ConnectionTrouble = 'offline' | 'retrying' | null;

/**
 * How one file's upload ended. `settled`: the server had every byte already and named no outcome.
 * `failed`: the tries ran out; `message` is the server's own reason when its last answer gave one
 * (a full disk, a failing server), absent when the connection gave no answer at all.
 */
export type TusOutcome =
  | { kind: 'accepted' | 'duplicate' | 'settled' }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; message?: string };

// Waits between tries of a failed request: quick at first (a blip), then longer (walking out of a dead
// spot), about a minute in all before the page says the connection is gone and offers to continue.
const retryDelays = [0, 1000, 3000, 5000, 10_000, 20_000];

/**
 * How long an answer may go without a byte moving before the request is taken for hung: the browser's
 * requests have no timeout of their own, and a request that never answers would otherwise hold the
 * page at "sending" for ever. Long enough for a thin uplink's pauses and the server's work on a
 * chunk's end; a few hung tries in a row end the run like a lost connection, offered to continue.
 */
export const stallMs = 40_000;
const stallsBeforeGivingUp = 3;

/**
 * The reason a failing answer gives in our own words (a plain text, or a JSON `message`), or null: a
 * proxy's error page (HTML) or an empty body is no reason to show a guest.
 */
function answerText(response: HttpResponse): string | null {
  const body = response.getBody()?.trim();
  if (!body || body.length > 500) return null;
  const type = response.getHeader('content-type')?.toLowerCase() ?? '';
  if (type.startsWith('text/plain')) return body;
  if (type.includes('json')) {
    try {
      return serverMessage(JSON.parse(body));
    } catch {
      return null;
    }
  }
  return null;
}

/** A 4xx is the server's verdict on the file, not a network accident; these few are worth a retry. */
const retriable = new Set([408, 409, 423, 429]);

/**
 * Whether an answer is the server's verdict on the file, told to the guest with its reason rather
 * than sent again by itself: a 4xx other than the few worth a retry, and a 429 that asks to wait
 * longer than the retries would (the address's hour of uploads is spent).
 */
export function isVerdict(status: number, retryAfter: string | null | undefined): boolean {
  if (status < 400 || status >= 500) return false;
  if (status === 429) return Number(retryAfter ?? 0) > 60;
  return !retriable.has(status);
}

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
  onTrouble?: (trouble: ConnectionTrouble) => void;
  signal?: AbortSignal;
}): Promise<TusOutcome> {
  return new Promise((resolve) => {
    let outcome: string | null = null;
    // The answer to the request in flight or last sent (null while it has none): a failure's reason.
    let answer: HttpResponse | null = null;
    let trouble: ConnectionTrouble = null;
    const setTrouble = (next: ConnectionTrouble) => {
      if (next === trouble) return;
      trouble = next;
      input.onTrouble?.(next);
    };
    // A phone that says it is offline (lost Wi-Fi, airplane mode, a basement hall) would spend the retry
    // waits on requests that cannot leave it and give up within a minute. The upload pauses instead, for
    // as long as it takes, and continues at the server's offset as soon as the phone is online again (a
    // creation whose answer was lost is made again; the server gives the file's slot to the new one).
    let paused = false;
    // Armed while a request is out and moved on by each byte it sends; a request that stays silent that
    // long is dropped and the upload starts again, which asks the server where the file stands (HEAD).
    // `stalls` counts the dropped requests since the server last answered one that sends (the HEAD that
    // follows each drop is answered even while every PATCH hangs).
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let stalls = 0;
    let lastSent = -1;
    const calm = () => {
      clearTimeout(stallTimer);
      stallTimer = undefined;
    };
    const watch = () => {
      calm();
      stallTimer = setTimeout(() => {
        stallTimer = undefined;
        stalls += 1;
        void upload.abort();
        if (stalls >= stallsBeforeGivingUp) {
          settle({ kind: 'failed' });
          return;
        }
        setTrouble('retrying');
        upload.start();
      }, stallMs);
    };
    const goOffline = () => {
      calm();
      setTrouble('offline');
      if (paused) return;
      paused = true;
      void upload.abort();
    };
    const goOnline = () => {
      setTrouble(null);
      if (!paused) return;
      paused = false;
      upload.start();
    };
    const settle = (result: TusOutcome) => {
      calm();
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      input.onTrouble?.(null);
      resolve(result);
    };
    const upload = new Upload(input.file, {
      endpoint: tusUpload.endpoint,
      uploadUrl: input.uploadUrl,
      chunkSize: tusUpload.chunkBytes,
      // A copy of its own: a 429's Retry-After lengthens this upload's next wait (onShouldRetry).
      retryDelays: [...retryDelays],
      storeFingerprintForResuming: false,
      metadata: {
        [tusUpload.metadata.submissionId]: input.submissionId,
        [tusUpload.metadata.filename]: input.file.name,
        [tusUpload.metadata.filetype]: input.file.type,
      },
      onUploadUrlAvailable: () => {
        if (upload.url) input.onUploadUrl(upload.url);
      },
      onBeforeRequest: () => {
        answer = null;
        watch();
      },
      onProgress: (sent) => {
        // Bytes moving keep the request alive; the same figure told again (a chunk's start) does not.
        if (stallTimer !== undefined && sent !== lastSent) watch();
        lastSent = sent;
        if (!paused) setTrouble(null);
        input.onProgress(sent);
      },
      onAfterResponse: (request, response) => {
        calm();
        if (request.getMethod() !== 'HEAD') stalls = 0;
        answer = response;
        const header = response.getHeader(tusUpload.outcomeHeader);
        if (header) outcome = header;
        // tus-js-client takes any failed answer to its HEAD for a lost upload and creates a new one, which
        // the server puts in the old one's place, dropping the bytes it held: a proxy's 502 during a
        // deploy, or a server still starting, would send every file back to 0%. Thrown here, the answer
        // is a failed request instead, tried again at the same address; a 4xx (the server lost it)
        // still starts a new upload.
        if (request.getMethod() === 'HEAD' && response.getStatus() >= 500)
          throw new Error(`tus: the server could not tell the offset (${response.getStatus()})`);
      },
      onShouldRetry: (error, attempt, options) => {
        const response = error.originalResponse;
        if (response && isVerdict(response.getStatus(), response.getHeader('retry-after'))) return false;
        setTrouble(navigator.onLine === false ? 'offline' : 'retrying');
        // Too many uploads at once from this address: trying again before the time the server named only
        // meets the same answer and spends a try. tus-js-client reads this try's wait from the array
        // right after this call; any other failure waits the usual time.
        const delays = options.retryDelays;
        if (delays && attempt < retryDelays.length) {
          const asked =
            response?.getStatus() === 429
              ? (retryAfterSeconds(response.getHeader('retry-after')) ?? 0) * 1000
              : 0;
          delays[attempt] = Math.max(retryDelays[attempt]!, asked);
        }
        return delays != null;
      },
      onSuccess: () => {
        settle({ kind: outcome === 'accepted' || outcome === 'duplicate' ? outcome : 'settled' });
      },
      onError: (error) => {
        const response = (error as DetailedError).originalResponse;
        if (response && isVerdict(response.getStatus(), response.getHeader('retry-after'))) {
          settle({ kind: 'refused', reason: response?.getBody()?.trim() || submissionTexts.refused });
        } else {
          const reason = answer && answer.getStatus() >= 500 ? answerText(answer) : null;
          settle(reason ? { kind: 'failed', message: reason } : { kind: 'failed' });
        }
      },
    });
    input.signal?.addEventListener(
      'abort',
      () => {
        void upload.abort();
        settle({ kind: 'failed' });
      },
      { once: true },
    );
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    if (navigator.onLine === false) {
      paused = true;
      setTrouble('offline');
    } else upload.start();
  });
}
