import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isVerdict, sendFile, type TusOutcome } from './tus-file';
import { retryAfterSeconds } from './retry-after';

describe('a refused tus request', () => {
  it('is told as the file’s outcome when it is the server’s verdict, and sent again when it is not', () => {
    expect(isVerdict(415, null)).toBe(true); // not a photo or video
    expect(isVerdict(403, null)).toBe(true); // uploads closed
    // The address's hour of uploads is spent: waiting a minute would not help.
    expect(isVerdict(429, '3540')).toBe(true);
    // Too many uploads at once from this address: a few seconds will do.
    expect(isVerdict(429, '5')).toBe(false);
    expect(isVerdict(409, null)).toBe(false);
    expect(isVerdict(423, null)).toBe(false);
    expect(isVerdict(503, '5')).toBe(false);
    expect(isVerdict(0, null)).toBe(false); // no answer at all
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing from a missing or garbled header', () => {
    expect(retryAfterSeconds('30')).toBe(30);
    expect(retryAfterSeconds(' 540 ')).toBe(540);
    const now = Date.parse('2026-12-05T10:00:00Z');
    expect(retryAfterSeconds('Sat, 05 Dec 2026 10:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('Sat, 05 Dec 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('')).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});

type Answer = { status: number; headers?: Record<string, string>; text?: string };

/**
 * One stored tus upload of `length` bytes behind a stand-in XMLHttpRequest: HEAD tells its offset, and
 * each PATCH is answered by `patches` in turn (then completes the file, "accepted").
 */
function tusServer(length: number, patches: Answer[]) {
  const requests: string[] = [];
  let offset = 0;
  class Xhr {
    status = 0;
    responseText = '';
    readyState = 0;
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    onprogress: (() => void) | null = null;
    withCredentials = false;
    private method = '';
    private response: Record<string, string> = {};
    open(method: string) {
      this.method = method;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return this.response[name.toLowerCase()] ?? null;
    }
    getAllResponseHeaders() {
      return Object.entries(this.response)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n');
    }
    abort() {}
    send(body?: Blob | null) {
      requests.push(this.method);
      const reply = ({ status, headers = {}, text = '' }: Answer) => {
        this.status = status;
        this.response = { 'tus-resumable': '1.0.0', ...headers };
        this.responseText = text;
        this.readyState = 4;
        queueMicrotask(() => this.onload?.());
      };
      if (this.method === 'HEAD')
        return reply({
          status: 200,
          headers: { 'upload-offset': String(offset), 'upload-length': String(length) },
        });
      const planned = patches.shift();
      if (planned) return reply(planned);
      offset += body?.size ?? 0;
      reply({ status: 204, headers: { 'upload-offset': String(offset), 'upload-outcome': 'accepted' } });
    }
  }
  return { requests, Xhr };
}

describe('sending a file that meets a busy server', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const send = (server: ReturnType<typeof tusServer>) => {
    vi.stubGlobal('XMLHttpRequest', server.Xhr);
    let outcome: TusOutcome | null = null;
    void sendFile({
      file: new File(['12345678'], 'gelin.jpg', { type: 'image/jpeg' }),
      submissionId: 'sub1',
      uploadUrl: '/api/uploads/u1',
      onUploadUrl: () => undefined,
      onProgress: () => undefined,
    }).then((result) => (outcome = result));
    return () => outcome;
  };

  it('waits the Retry-After of a 429 to a PATCH before trying again, then continues the file', async () => {
    const server = tusServer(8, [
      {
        status: 429,
        headers: { 'retry-after': '30' },
        text: 'Bu bağlantıdan aynı anda çok fazla yükleme yapılıyor.',
      },
    ]);
    const outcome = send(server);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual(['HEAD', 'PATCH']);
    // Its first try again would be at once: the server asked for 30 s.
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.requests).toEqual(['HEAD', 'PATCH']);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toEqual(['HEAD', 'PATCH', 'HEAD', 'PATCH']);
    expect(outcome()).toEqual({ kind: 'accepted' });
  });

  it('tries again at once after a failing answer that names no wait, as before', async () => {
    const server = tusServer(8, [{ status: 503 }]);
    const outcome = send(server);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual(['HEAD', 'PATCH', 'HEAD', 'PATCH']);
    expect(outcome()).toEqual({ kind: 'accepted' });
  });
});
