import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { messages } from '@ani/contract/messages';
import { ErrorCode } from './errors.ts';

/**
 * A whole 200 answer known from the raw request alone: its headers (name, value, name, value…),
 * checked once when they were built, and its body.
 */
export type FastAnswer = { headers: readonly string[]; body?: Buffer };

type FastRoute = {
  /** The Fastify route whose answers these are: they are counted under its pattern, as its own are. */
  route: string;
  /** Only GET and HEAD requests without a body, whose URL starts with this, are offered. */
  prefix: string;
  /**
   * Exactly the answer the Fastify route would give, or undefined to leave the request to it. It
   * checks first whatever the route checks first; a refusal (or anything unusual) is Fastify's to
   * answer, unchanged, and so is any request for which this throws.
   */
  answer(req: IncomingMessage): FastAnswer | undefined;
};

export type FastAnswers = { add(route: FastRoute): void };

const infoLevel = pino.levels.values.info!;

/**
 * Answers a few hot requests before Fastify routes them. Fastify's request cycle (routing, request
 * and reply objects, a child logger, the hook chain, the async context) costs several times what a
 * whole answer from memory needs; on the busiest route of a wedding night (thumbnails and previews
 * for every phone and the live wall) it was most of our share of the time (decision 0121).
 *
 * What the app does for every answer is done here too, the same way: the request id from the app's
 * generator, echoed in `X-Request-Id`; the request counted and timed under the route's pattern; the
 * "incoming request" and "request completed" lines Fastify logs at info. Everything else goes to
 * Fastify unchanged: other methods, requests with a body (the slow-body guard watches those), and
 * and every request once the app is closing is answered 503 in the app's error shape, in Turkish.
 *
 * Wraps the server's request listener, which must be Fastify's only one (checked), so the server
 * Fastify built keeps its timeouts and limits. `inject()` calls Fastify's router directly and never
 * comes here: tests of these answers go through a socket.
 */
export function registerFastAnswers(
  app: FastifyInstance,
  genReqId: (req: IncomingMessage) => string,
): FastAnswers {
  const { server } = app;
  const [routing, ...others] = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  if (!routing || others.length > 0) throw new Error("fast answers: expected Fastify's one request listener");

  type Counted = {
    requests: { inc(): void };
    duration: { observe(seconds: number): void };
  };
  const routes: (FastRoute & { counted: { GET: Counted; HEAD: Counted } })[] = [];
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  const answered = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const { headers } = req;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const url = req.url!;
    for (const route of routes) {
      if (!url.startsWith(route.prefix)) continue;
      const start = performance.now();
      let reqId: string;
      let body: Buffer | undefined;
      try {
        const answer = route.answer(req);
        if (!answer) return false;
        reqId = genReqId(req);
        // Nothing is sent until `end`: a header Node refuses here leaves the request to Fastify whole.
        res.writeHead(200, answer.headers.concat('x-request-id', reqId));
        body = answer.body;
      } catch {
        return false;
      }
      const { log } = app;
      const logged = (pino.levels.values[log.level] ?? Infinity) <= infoLevel;
      if (logged) log.info({ reqId, req }, 'incoming request');
      const counted = route.counted[method];
      // As Fastify's onResponse: once the answer is handed to the socket, or failed.
      const finished = (error?: Error) => {
        res.removeListener('finish', finished);
        res.removeListener('error', finished);
        const elapsed = performance.now() - start;
        counted.requests.inc();
        counted.duration.observe(elapsed / 1000);
        if (!logged) return;
        if (error) log.error({ reqId, res, err: error, responseTime: elapsed }, 'request errored');
        else log.info({ reqId, res, responseTime: elapsed }, 'request completed');
      };
      res.on('finish', finished);
      res.on('error', finished);
      res.end(body);
      return true;
    }
    return false;
  };

  // Fastify's own 503 while closing is English and not the app's error shape, which the pages show
  // to guests: every request that arrives during a shutdown gets this one instead.
  const closingBody = JSON.stringify({
    success: false,
    message: messages.generic.unavailable,
    code: ErrorCode.UNAVAILABLE,
  });
  const refuseWhileClosing = (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(closingBody),
      'retry-after': '5',
      'cache-control': 'no-store',
      'x-request-id': genReqId(req),
      // The connection goes with the process: the client retries on a fresh one (another instance).
      connection: 'close',
    });
    res.end(closingBody);
  };

  server.removeListener('request', routing);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (closing) refuseWhileClosing(req, res);
    else if (!answered(req, res)) routing(req, res);
  });

  return {
    add(route) {
      // Label children bound once: the same series the app's onResponse hook records into, without
      // hashing the labels on every answer.
      const count = (method: 'GET' | 'HEAD'): Counted => ({
        requests: app.metrics.httpRequests.labels({ method, route: route.route, status: '200' }),
        duration: app.metrics.httpDuration.labels({ method, route: route.route }),
      });
      routes.push({ ...route, counted: { GET: count('GET'), HEAD: count('HEAD') } });
    },
  };
}
