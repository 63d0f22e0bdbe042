import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { requestContext } from './request-id.ts';

export type Logger = FastifyBaseLogger;

// Tokens and passwords never reach the logs, whatever a handler logs by mistake.
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  '*.password',
  '*.token',
];

const { chindingsSym } = pino.symbols;

/** `destination` defaults to stdout; tests pass a stream to read the lines back. */
/** Query strings carry activation and signed-URL tokens: a logged URL is its path only. */
export const loggablePath = (url: string | undefined): string | undefined => url?.split('?')[0];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      // A line written during a request through the app's logger (a service, a job it kicked off
      // inline) carries that request's id; Fastify's per-request logger already binds it.
      mixin(_object, _level, logger) {
        const reqId = requestContext.getStore()?.reqId;
        if (!reqId) return {};
        const bindings = (logger as unknown as Record<symbol, string | undefined>)[chindingsSym];
        return bindings?.includes('"reqId":') ? {} : { reqId };
      },
      redact: { paths: redactPaths, censor: '[gizli]' },
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: loggablePath(req.url) }),
      },
    },
    destination,
  );
}
