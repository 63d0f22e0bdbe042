import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

const requestIdHeader = 'x-request-id';

/**
 * The request being served, for log lines written by code that only holds the app's logger
 * (services, repositories): the logger's mixin adds its id to every line (see logger.ts).
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

// Wide enough for the ids proxies generate (nginx's 32 hex digits, UUIDs, AWS trace ids), narrow
// enough that nothing odd (spaces, quotes, newlines) reaches a log line through it.
const wellFormed = /^[A-Za-z0-9._:=+/-]{8,128}$/;

/**
 * Fastify's `genReqId`: a proxy we trust may hand us its own id (so its access log and ours share
 * one id per request); anyone else gets a fresh UUID, so a client can neither choose another
 * request's id nor write into our logs through it.
 */
export function createRequestIdGenerator(trustProxy: false | string): (req: IncomingMessage) => string {
  const trusted = trustProxy
    ? proxyAddr.compile(trustProxy.split(',').map((part) => part.trim()))
    : () => false;
  return (req) => {
    const incoming = req.headers[requestIdHeader];
    const address = req.socket.remoteAddress;
    if (typeof incoming === 'string' && wellFormed.test(incoming) && address && trusted(address, 0))
      return incoming;
    return randomUUID();
  };
}

/** Returns the id in a response header and keeps it in the async context of the request's work. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    requestContext.run({ reqId: request.id }, done);
  });
}
