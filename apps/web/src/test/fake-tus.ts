/**
 * A tus 1.0 endpoint in memory behind a stand-in XMLHttpRequest (what tus-js-client uses in a browser):
 * creation (POST with Upload-Length and Upload-Metadata), HEAD for the offset, PATCH with
 * Upload-Offset, the `Upload-Outcome` header on the response that completes a file, and a 4xx with a
 * plain-text Turkish reason for a refused file. `holdPatches` (and `holdHeads`) keep PATCH (HEAD) answers
 * waiting until `release()`, so a test can look at the page mid-upload.
 */
export class FakeTusServer {
  readonly uploads = new Map<string, { length: number; offset: number; metadata: Record<string, string> }>();
  readonly requests: { method: string; url: string; headers: Record<string, string> }[] = [];
  /** file name → how the server answers the file once complete (or refuses it on creation). */
  verdicts = new Map<string, { refuse?: string; outcome?: 'accepted' | 'duplicate' }>();
  holdPatches = false;
  holdHeads = false;
  /** While true, every PATCH fails like a dropped connection (XHR error, no answer). */
  offline = false;
  private held: (() => void)[] = [];
  private next = 1;

  release(): void {
    const waiting = this.held;
    this.held = [];
    for (const answer of waiting) answer();
  }

  install(): typeof XMLHttpRequest {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const server = this;
    class FakeXhr {
      status = 0;
      responseText = '';
      readyState = 0;
      upload: {
        onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
      } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      onabort: (() => void) | null = null;
      onprogress: (() => void) | null = null;
      private method = '';
      private url = '';
      private headers: Record<string, string> = {};
      private response: Record<string, string> = {};
      withCredentials = false;
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name.toLowerCase()] = value;
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
        server.requests.push({ method: this.method, url: this.url, headers: { ...this.headers } });
        const answer = (status: number, headers: Record<string, string> = {}, text = '') => {
          this.status = status;
          this.response = { 'tus-resumable': '1.0.0', ...headers };
          this.responseText = text;
          this.readyState = 4;
          queueMicrotask(() => this.onload?.());
        };
        if (this.method === 'POST') {
          const metadata = Object.fromEntries(
            (this.headers['upload-metadata'] ?? '').split(',').map((pair) => {
              const [key, value = ''] = pair.trim().split(' ');
              return [key!, atob(value)];
            }),
          );
          const verdict = server.verdicts.get(metadata.filename ?? '');
          if (verdict?.refuse) return answer(415, { 'content-type': 'text/plain' }, verdict.refuse);
          const id = `u${server.next++}`;
          server.uploads.set(id, { length: Number(this.headers['upload-length']), offset: 0, metadata });
          return answer(201, { location: `/api/uploads/${id}` });
        }
        const upload = server.uploads.get(this.url.split('/').pop()!);
        if (!upload) return answer(404);
        if (this.method === 'HEAD') {
          const respond = () =>
            answer(200, {
              'upload-offset': String(upload.offset),
              'upload-length': String(upload.length),
            });
          if (server.holdHeads) server.held.push(respond);
          else respond();
          return;
        }
        if (this.method === 'PATCH') {
          if (server.offline) {
            queueMicrotask(() => this.onerror?.(new Error('network')));
            return;
          }
          const size = body?.size ?? 0;
          const respond = () => {
            upload.offset += size;
            this.upload.onprogress?.({ loaded: size, total: size, lengthComputable: true });
            const headers: Record<string, string> = { 'upload-offset': String(upload.offset) };
            if (upload.offset === upload.length) {
              headers['upload-outcome'] =
                server.verdicts.get(upload.metadata.filename ?? '')?.outcome ?? 'accepted';
            }
            answer(204, headers);
          };
          if (server.holdPatches) server.held.push(respond);
          else respond();
          return;
        }
        answer(405);
      }
    }
    return FakeXhr as unknown as typeof XMLHttpRequest;
  }
}
