import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@ani/contract/errors';
import { messages } from '@ani/contract/messages';
import { loggablePath } from './logger.ts';

/**
 * How long a connection may hold the server, whatever it sends. `docs/deploy.md`'s proxy settings
 * repeat these figures; change both together.
 */
export const serverLimits = {
  /** All request headers must have arrived within this time. */
  headersTimeoutMs: 15_000,
  /** A whole request, body included: a 100 MB upload at 200 kB/s still fits. */
  requestTimeoutMs: 10 * 60_000,
  /** A socket that sends and receives nothing for this long is closed. */
  idleTimeoutMs: 30_000,
  /** An idle keep-alive connection waits this long for its next request. */
  keepAliveTimeoutMs: 5_000,
  /** How often Node checks the header and request deadlines (its default, 30 s, would let them overrun). */
  timeoutCheckIntervalMs: 2_000,
  /** Open sockets per process; further connections are refused at once instead of queueing. */
  maxConnections: 2_000,
  /**
   * A body must arrive at least this fast, measured over `minRateWindowMs`: 16 KiB per 10 s is far
   * below any phone connection that can upload a photo, and far above a client dripping a byte at a
   * time to hold a socket and a temp file open.
   */
  minBodyBytesPerWindow: 16 * 1024,
  minRateWindowMs: 10_000,
} as const;

/** The Fastify options that carry the limits above to Node's HTTP server. */
export const serverTimeoutOptions = {
  connectionTimeout: serverLimits.idleTimeoutMs,
  keepAliveTimeout: serverLimits.keepAliveTimeoutMs,
  requestTimeout: serverLimits.requestTimeoutMs,
  http: {
    headersTimeout: serverLimits.headersTimeoutMs,
    connectionsCheckingInterval: serverLimits.timeoutCheckIntervalMs,
  },
};

type Watched = { req: IncomingMessage; res: ServerResponse; bytesAtMark: number; markAt: number };

/**
 * Closes requests whose body arrives slower than the minimum rate. It reads the socket's own byte
 * counter on a timer, so the upload path pays nothing per chunk. Once the body is complete the
 * request is no longer the client's to slow down and is forgotten.
 */
export function registerSlowBodyGuard(
  app: FastifyInstance,
  options: { minBytes: number; windowMs: number } = {
    minBytes: serverLimits.minBodyBytesPerWindow,
    windowMs: serverLimits.minRateWindowMs,
  },
): void {
  const watched = new Set<Watched>();
  let timer: NodeJS.Timeout | null = null;

  const check = () => {
    const now = Date.now();
    for (const entry of watched) {
      const { req, res } = entry;
      if (req.complete || req.destroyed) {
        watched.delete(entry);
        continue;
      }
      if (now - entry.markAt < options.windowMs) continue;
      const bytes = req.socket.bytesRead;
      if (bytes - entry.bytesAtMark >= options.minBytes) {
        entry.bytesAtMark = bytes;
        entry.markAt = now;
        continue;
      }
      watched.delete(entry);
      app.log.warn(
        { ip: req.socket.remoteAddress, url: loggablePath(req.url) },
        'request body too slow; connection closed',
      );
      if (!res.headersSent) {
        res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        res.end(
          JSON.stringify({
            success: false,
            message: messages.upload.tooSlow,
            code: ErrorCode.REQUEST_TIMEOUT,
          }),
        );
      }
      // Closing the request fails whatever the handler was waiting for, and its clean-up (temp files)
      // runs. A client that does not even read the answer is cut off a second later regardless.
      const close = () => req.destroy();
      res.once('finish', close);
      setTimeout(close, 1000).unref();
    }
    if (watched.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };

  // A callback, not an async function: it runs on every request (each media GET too), and an async
  // hook costs a promise and a microtask turn per request for nothing (decision 0119).
  app.addHook('onRequest', (request, reply, done) => {
    const req = request.raw;
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    // Injected test requests have no real socket to measure.
    if (hasBody && !req.complete && typeof req.socket?.bytesRead === 'number') {
      watched.add({ req, res: reply.raw, bytesAtMark: req.socket.bytesRead, markAt: Date.now() });
      if (!timer) {
        timer = setInterval(check, Math.max(250, Math.floor(options.windowMs / 4)));
        timer.unref();
      }
    }
    done();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    watched.clear();
  });
}
