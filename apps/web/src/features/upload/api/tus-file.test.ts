import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isVerdict, sendFile, stallMs, type ConnectionTrouble, type TusOutcome } from './tus-file';
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

/**
 * How the stand-in server answers one request: a status (with headers and a body), no answer at all as a
 * dropped connection does (`drop`), never (`hang`), or, for a PATCH taking its bytes, only after
 * `trickleMs` during which some of them move every 10 s.
 */
type Answer = {
  status: number;
  headers?: Record<string, string>;
  text?: string;
  drop?: boolean;
  hang?: boolean;
  trickleMs?: number;
};

/**
 * One stored tus upload of `length` bytes behind a stand-in XMLHttpRequest: HEAD tells its offset (or is
 * answered by `heads` in turn first), each PATCH is answered by `patches` in turn (then stores its bytes
 * and completes the file, "accepted"), and a POST creates a new upload at /api/uploads/u2, from 0.
 */
function tusServer(length: number, patches: Answer[], more: { heads?: Answer[]; offset?: number } = {}) {
  const requests: string[] = [];
  const patchOffsets: number[] = [];
  const heads = [...(more.heads ?? [])];
  let offset = more.offset ?? 0;
  class Xhr {
    status = 0;
    responseText = '';
    readyState = 0;
    upload: { onprogress: ((e: { loaded: number; lengthComputable: boolean }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    onprogress: (() => void) | null = null;
    withCredentials = false;
    private method = '';
    private response: Record<string, string> = {};
    private offsetSent = '';
    open(method: string) {
      this.method = method;
    }
    setRequestHeader(name: string, value: string) {
      if (name.toLowerCase() === 'upload-offset') this.offsetSent = value;
    }
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
      const reply = ({ status, headers = {}, text = '', drop, hang }: Answer) => {
        if (hang) return;
        if (drop) return queueMicrotask(() => this.onerror?.());
        this.status = status;
        this.response = { 'tus-resumable': '1.0.0', ...headers };
        this.responseText = text;
        this.readyState = 4;
        queueMicrotask(() => this.onload?.());
      };
      if (this.method === 'HEAD') {
        const planned = heads.shift();
        if (planned) return reply(planned);
        return reply({
          status: 200,
          headers: { 'upload-offset': String(offset), 'upload-length': String(length) },
        });
      }
      if (this.method === 'POST') {
        offset = 0;
        return reply({ status: 201, headers: { location: '/api/uploads/u2' } });
      }
      patchOffsets.push(Number(this.offsetSent));
      const planned = patches.shift();
      if (planned && !planned.trickleMs) return reply(planned);
      const size = body?.size ?? 0;
      const complete = () => {
        offset += size;
        reply({ status: 204, headers: { 'upload-offset': String(offset), 'upload-outcome': 'accepted' } });
      };
      if (!planned) return complete();
      // A thin uplink: a byte at a time now and then, the answer once the whole chunk is there.
      const steps = Math.floor(planned.trickleMs! / 10_000);
      for (let step = 1; step <= steps; step += 1)
        setTimeout(() => this.upload.onprogress?.({ loaded: step, lengthComputable: true }), step * 10_000);
      setTimeout(complete, planned.trickleMs);
    }
  }
  return { requests, patchOffsets, Xhr };
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

describe('sending a file when the server or the connection fails it', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Sends an 8-byte photo that already has its upload at /api/uploads/u1. */
  const send = (server: ReturnType<typeof tusServer>) => {
    vi.stubGlobal('XMLHttpRequest', server.Xhr);
    let outcome: TusOutcome | null = null;
    const urls: string[] = [];
    const troubles: ConnectionTrouble[] = [];
    void sendFile({
      file: new File(['12345678'], 'gelin.jpg', { type: 'image/jpeg' }),
      submissionId: 'sub1',
      uploadUrl: '/api/uploads/u1',
      onUploadUrl: (url) => urls.push(url),
      onProgress: () => undefined,
      onTrouble: (trouble) => troubles.push(trouble),
    }).then((result) => (outcome = result));
    return { outcome: () => outcome, urls, troubles };
  };

  it('asks again at the same address when the offset check meets a failing server (503), and continues at its offset', async () => {
    const server = tusServer(8, [], { offset: 5, heads: [{ status: 503 }] });
    const sent = send(server);
    await vi.advanceTimersByTimeAsync(0);
    // The bytes the server holds are kept: no new upload replaces the one at u1.
    expect(server.requests).toEqual(['HEAD', 'HEAD', 'PATCH']);
    expect(server.patchOffsets).toEqual([5]);
    expect(sent.urls.every((url) => url.endsWith('/api/uploads/u1'))).toBe(true);
    expect(sent.troubles).toContain('retrying');
    expect(sent.outcome()).toEqual({ kind: 'accepted' });
  });

  it('starts a new upload when the offset check says the server lost it (404)', async () => {
    const server = tusServer(8, [], { offset: 5, heads: [{ status: 404 }] });
    const sent = send(server);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual(['HEAD', 'POST', 'PATCH']);
    expect(server.patchOffsets).toEqual([0]);
    expect(sent.urls.at(-1)).toMatch(/\/api\/uploads\/u2$/);
    expect(sent.outcome()).toEqual({ kind: 'accepted' });
  });

  it('drops a request that stays silent for the stall time, says it tries again, and continues where the server is', async () => {
    const server = tusServer(8, [{ status: 0, hang: true }], { offset: 3 });
    const sent = send(server);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual(['HEAD', 'PATCH']);
    await vi.advanceTimersByTimeAsync(stallMs - 1);
    expect(server.requests).toEqual(['HEAD', 'PATCH']);
    expect(sent.outcome()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toEqual(['HEAD', 'PATCH', 'HEAD', 'PATCH']);
    expect(server.patchOffsets).toEqual([3, 3]);
    expect(sent.troubles).toContain('retrying');
    expect(sent.outcome()).toEqual({ kind: 'accepted' });
  });

  it('lets a slow request run for as long as its bytes keep moving', async () => {
    const server = tusServer(8, [{ status: 0, trickleMs: 3 * stallMs }]);
    const sent = send(server);
    await vi.advanceTimersByTimeAsync(3 * stallMs);
    expect(server.requests).toEqual(['HEAD', 'PATCH']);
    expect(sent.troubles).not.toContain('retrying');
    expect(sent.outcome()).toEqual({ kind: 'accepted' });
  });

  it('gives up after a few silent tries in a row, like a lost connection, instead of waiting for ever', async () => {
    const hung: Answer = { status: 0, hang: true };
    const server = tusServer(8, [hung, hung, hung]);
    const sent = send(server);
    await vi.advanceTimersByTimeAsync(3 * stallMs);
    expect(server.requests.filter((r) => r === 'PATCH')).toHaveLength(3);
    expect(sent.outcome()).toEqual({ kind: 'failed' });
  });

  const diskFull = 'Sunucuda yer kalmadı; yükleme şimdilik alınamıyor.';

  it('fails with the server’s own reason when its last answer gave one (507, disk full)', async () => {
    const full: Answer = {
      status: 507,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      text: diskFull,
    };
    const server = tusServer(
      8,
      Array.from({ length: 10 }, () => full),
    );
    const sent = send(server);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.requests.filter((r) => r === 'PATCH').length).toBeGreaterThan(3);
    expect(sent.outcome()).toEqual({ kind: 'failed', message: diskFull });
  });

  it('fails with no reason of the server’s when the last try got no answer, even after one that had one', async () => {
    const full: Answer = {
      status: 507,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      text: diskFull,
    };
    const dropped: Answer = { status: 0, drop: true };
    const server = tusServer(8, [full, ...Array.from({ length: 10 }, () => dropped)]);
    const sent = send(server);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.requests.filter((r) => r === 'PATCH').length).toBeGreaterThan(3);
    expect(sent.outcome()).toEqual({ kind: 'failed' });
  });

  it('shows no proxy’s error page as a reason (a 502 in HTML)', async () => {
    const proxy: Answer = {
      status: 502,
      headers: { 'content-type': 'text/html' },
      text: '<html>Bad Gateway</html>',
    };
    const server = tusServer(
      8,
      Array.from({ length: 10 }, () => proxy),
    );
    const sent = send(server);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent.outcome()).toEqual({ kind: 'failed' });
  });
});
