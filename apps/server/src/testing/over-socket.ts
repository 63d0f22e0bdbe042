import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';

type SocketResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  rawPayload: Buffer;
  json(): unknown;
};

const listening = new WeakMap<FastifyInstance, Promise<string>>();

/** The app's address (`http://127.0.0.1:<port>`): it listens on a free loopback port from the first call on. */
export function listeningAt(app: FastifyInstance): Promise<string> {
  let at = listening.get(app);
  if (!at) {
    at = app.listen({ host: '127.0.0.1', port: 0 });
    listening.set(app, at);
  }
  return at;
}

/**
 * Requests to the app through a real socket, answered like `app.inject`'s. `inject` calls Fastify's
 * router directly, so only these reach what the server does before it (http/fast-answers.ts).
 * `app.close()` stops the listening.
 */
export function overSocket(app: FastifyInstance) {
  return async (
    url: string,
    options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<SocketResponse> => {
    const { port } = new URL(await listeningAt(app));
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method: options.method ?? 'GET',
          // A body goes with its length: without one a GET's body would not be framed at all.
          headers:
            options.body === undefined
              ? options.headers
              : { 'content-length': String(Buffer.byteLength(options.body)), ...options.headers },
          // A connection of its own, closed after the answer: nothing is left open when the app closes.
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const rawPayload = Buffer.concat(chunks);
            resolve({
              statusCode: res.statusCode!,
              headers: res.headers,
              rawPayload,
              json: () => JSON.parse(rawPayload.toString()) as unknown,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });
  };
}
