/** One Server-Sent Event as a browser's EventSource would deliver it. */
type SseEvent = { id: string | null; event: string; data: string };

export type SseStream = {
  status: number;
  headers: Headers;
  /** Every event received so far, in order (the heartbeat is an event too: `ping`). */
  events: SseEvent[];
  /** Resolves once at least `n` events have arrived (rejects if the stream ends first). */
  waitFor(n: number): Promise<SseEvent[]>;
  close(): void;
};

/**
 * A real SSE client over fetch (EventSource cannot send Authorization or Last-Event-ID itself):
 * parses the stream per the HTML spec's rules for `id`, `event`, `data` and comment lines.
 */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const notify = () => waiters.forEach((w) => w());

  if (res.body && res.headers.get('content-type')?.startsWith('text/event-stream')) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: SseEvent = { id: null, event: 'message', data: '' };
            let hasData = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue; // a comment
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id') event.id = text;
              else if (field === 'event') event.event = text;
              else if (field === 'data') {
                event.data += hasData ? `\n${text}` : text;
                hasData = true;
              }
            }
            if (hasData) {
              events.push(event);
              notify();
            }
          }
        }
      } catch {
        // Aborted by close(), or the server went away.
      } finally {
        ended = true;
        notify();
      }
    })();
  } else {
    ended = true;
  }

  return {
    status: res.status,
    headers: res.headers,
    events,
    waitFor(n) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events.length >= n) {
            waiters.delete(check);
            resolve(events);
          } else if (ended) {
            waiters.delete(check);
            reject(new Error(`stream ended after ${events.length} of ${n} events`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
