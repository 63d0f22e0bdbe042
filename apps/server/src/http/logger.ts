import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

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

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: redactPaths, censor: '[gizli]' },
    serializers: {
      // Query strings carry activation and signed-URL tokens: log the path only.
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }),
    },
  });
}
