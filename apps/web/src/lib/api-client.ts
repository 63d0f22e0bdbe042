import type { z } from 'zod';
import type { ErrorCode } from '@ani/contract/errors';
import { messages } from '@ani/contract/messages';
import { clearSession, getToken } from './session';
import { accessDeniedToastId, toast } from './toast';

/** Generic error texts of the main API calls. */
const apiTexts = {
  errorTitle: 'Hata',
  errorFallback: 'Bir hata oluştu',
  networkTitle: 'Bağlantı Hatası',
  networkDescription: 'Sunucuya ulaşılamadı. Lütfen internet bağlantınızı kontrol edin.',
  unexpected: 'Beklenmeyen bir hata oluştu',
  badShape: 'API yanıtı beklenen formatta değil',
  // The wedding calls (weddings, guests, statistics, WhatsApp) have their own toast titles, so a host can
  // tell which part of the product failed.
  weddingErrorTitle: 'Wedding API Hatası',
  weddingErrorFallback: "Wedding API'de bir hata oluştu",
  weddingNetworkTitle: 'Wedding API Bağlantı Hatası',
} as const;

export type ApiErrorKind = 'http' | 'network' | 'request' | 'shape';

/** Every failed call rejects with this, so callers branch on status or code, not on strings. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /**
   * The server's own words (the body's message or error), not a status text or a fallback; for a
   * session the server refused, the session-ended text, since its "giriş yapmalısınız" reads as if
   * the host had never signed in.
   */
  readonly serverMessage: string | undefined;
  /** Seconds the server asked to wait before the next try (429 and 503 `Retry-After`), when it said. */
  readonly retryAfterSeconds: number | undefined;
  /** The call was refused because the session it carried has ended (401 with a token). */
  readonly sessionEnded: boolean;
  constructor(
    kind: ApiErrorKind,
    message: string,
    status = 0,
    code?: ErrorCode,
    serverMessage?: string,
    extra: { retryAfterSeconds?: number; sessionEnded?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.sessionEnded = extra.sessionEnded ?? false;
  }
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date. */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The server's message of a failed call when it sent one, else the caller's own text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

export interface ApiRequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The contract's response schema; the parsed value is what the caller gets. */
  schema: S;
  /** Callers that show their own error toast (e.g. "Giriş Hatası!") turn the generic one off. */
  errorToast?: boolean;
  signal?: AbortSignal;
  /** "wedding" for the guest-list calls: their generic toasts carry the "Wedding API" titles. */
  backend?: 'main' | 'wedding';
  /**
   * False for the logout call: a token refused there is already what the logout wants, not a
   * session that ended under the host's feet.
   */
  endSessionOn401?: boolean;
}

// Error bodies are read by hand rather than with the contract's `errorBody` schema: that would pull zod
// into the landing page's first bundle just to read two strings (see docs/decisions/0003).
// A body that only repeats the HTTP status text ("Internal Server Error" from a framework's default
// handler) carries no words of the server's own: a Turkish screen shows its own fallback instead.
function bodyMessage(body: unknown, statusText = ''): string | undefined {
  if (body && typeof body === 'object') {
    const { message, error } = body as Record<string, unknown>;
    const own = (text: unknown): text is string =>
      typeof text === 'string' &&
      text.trim() !== '' &&
      text.trim().toLowerCase() !== statusText.toLowerCase();
    if (own(message)) return message;
    if (own(error)) return error;
  }
  return undefined;
}

// The status text is never shown: the browser gives it in English ("Internal Server Error"), and the
// screens that show this message are Turkish.
function messageOf(body: unknown, statusText: string, fallback: string = apiTexts.errorFallback): string {
  return bodyMessage(body, statusText) ?? fallback;
}

function report(error: ApiError, showToast: boolean, backend: 'main' | 'wedding' = 'main'): ApiError {
  // Logged for developers: the caller gets the error too and decides what the user sees.
  console.warn(`[api] ${error.kind} ${error.status}: ${error.message}`);
  if (showToast) {
    const wedding = backend === 'wedding';
    const networkTitle = wedding ? apiTexts.weddingNetworkTitle : apiTexts.networkTitle;
    toast({
      id: error.status === 401 ? accessDeniedToastId : undefined,
      title: error.sessionEnded
        ? messages.auth.sessionEndedTitle
        : error.kind === 'network'
          ? networkTitle
          : wedding
            ? apiTexts.weddingErrorTitle
            : apiTexts.errorTitle,
      description: error.kind === 'network' ? apiTexts.networkDescription : error.message,
      variant: 'destructive',
    });
  }
  return error;
}

const isAbort = (cause: unknown) => cause instanceof DOMException && cause.name === 'AbortError';

/** One way to call the main backend: `/api` + path, JSON, Bearer token when one is stored. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: ApiRequestOptions<S>,
): Promise<z.output<S>> {
  const showToast = options.errorToast ?? true;
  const backend = options.backend ?? 'main';
  let init: RequestInit;
  // Kept to tell, on a 401, whether the refused call carried this tab's session.
  const token = getToken();
  try {
    const headers = new Headers({ Accept: 'application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (options.body !== undefined) headers.set('Content-Type', 'application/json');
    init = {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    };
  } catch (cause) {
    const message = cause instanceof Error && cause.message ? cause.message : apiTexts.unexpected;
    throw report(new ApiError('request', message), showToast, backend);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, init);
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    throw report(
      new ApiError('network', backend === 'wedding' ? apiTexts.weddingNetworkTitle : apiTexts.networkTitle),
      showToast,
      backend,
    );
  }

  const body: unknown = await response.json().catch((cause: unknown) => {
    // Cancelled while the body was still arriving (a list asked again before its last answer was
    // read): a cancellation like one before the answer, not an answer of the wrong shape.
    if (isAbort(cause)) throw cause;
    return undefined;
  });
  if (!response.ok) {
    // A 401 to a call that carried a token: the session ended elsewhere (a logout in another tab, a
    // new password, a confirmed deletion). The refused token is gone for good; forget it so the app
    // shows the signed-out state, record why, and say so instead of the server's "log in first". A
    // token replaced meanwhile (signed in again while this call ran) is a new session and stays.
    const sessionEnded = response.status === 401 && token !== null && options.endSessionOn401 !== false;
    if (response.status === 401 && (token === null || token === getToken())) {
      clearSession(sessionEnded ? { reason: 'refused' } : {});
    }
    const rawCode = body && typeof body === 'object' ? (body as Record<string, unknown>).code : undefined;
    const code = typeof rawCode === 'string' ? (rawCode as ErrorCode) : undefined;
    const ended = sessionEnded ? messages.auth.sessionEnded : undefined;
    throw report(
      new ApiError(
        'http',
        ended ??
          messageOf(
            body,
            response.statusText,
            backend === 'wedding' ? apiTexts.weddingErrorFallback : apiTexts.errorFallback,
          ),
        response.status,
        code,
        ended ?? bodyMessage(body, response.statusText),
        { retryAfterSeconds: retryAfter(response.headers.get('retry-after')), sessionEnded },
      ),
      showToast,
      backend,
    );
  }

  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw report(new ApiError('shape', apiTexts.badShape, response.status), showToast, backend);
  }
  return parsed.data;
}
