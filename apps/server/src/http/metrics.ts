import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ErrorCode } from '@ani/contract/errors';
import { messages } from '@ani/contract/messages';
import type { QueueStat } from '../jobs/queue-stats.ts';

export type AppMetrics = ReturnType<typeof createMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters modules bump (uploads, derivations, WhatsApp sends, live-wall clients). */
    metrics: AppMetrics;
  }
}

/**
 * One registry per app (tests build several apps in one process). Queue depth and age are read
 * from the jobs table when Prometheus scrapes, so every instance reports the shared queues.
 */
export function createMetrics(options: {
  queueStats: () => Promise<QueueStat[]>;
  onScrapeError?: (error: unknown) => void;
}) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'ani_' });

  // Both queue gauges come from one query per scrape.
  let pending: Promise<QueueStat[]> | null = null;
  const loadQueues = () => {
    pending ??= options
      .queueStats()
      .catch((error: unknown) => {
        options.onScrapeError?.(error);
        return [];
      })
      .finally(() => setTimeout(() => (pending = null), 0));
    return pending;
  };

  return {
    registry,
    httpRequests: new Counter({
      name: 'ani_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'ani_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    uploadFiles: new Counter({ name: 'ani_upload_files_total', help: 'Guest files stored', registers }),
    uploadBytes: new Counter({
      name: 'ani_upload_bytes_total',
      help: 'Bytes of guest files stored',
      registers,
    }),
    derivations: new Counter({
      name: 'ani_derivations_total',
      help: 'Thumbnail/preview derivations: done, failed (the original is shown), retried (will run again)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    whatsappSends: new Counter({
      name: 'ani_whatsapp_sends_total',
      help: 'WhatsApp invitation send attempts: sent, failed (permanently), retried (will run again)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    sseClients: new Gauge({
      name: 'ani_sse_clients',
      help: 'Open live-wall (server-sent events) connections',
      registers,
    }),
    queueDepth: new Gauge({
      name: 'ani_jobs',
      help: 'Jobs in the queue, by kind and status (pending, running, failed)',
      labelNames: ['kind', 'status'] as const,
      registers,
      async collect() {
        const stats = await loadQueues();
        this.reset();
        for (const s of stats) this.set({ kind: s.kind, status: s.status }, s.count);
      },
    }),
    queueAge: new Gauge({
      name: 'ani_jobs_oldest_due_seconds',
      help: 'How long the oldest due pending job of a kind has waited',
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        const stats = await loadQueues();
        this.reset();
        for (const s of stats) if (s.status === 'pending') this.set({ kind: s.kind }, s.oldestDueSeconds);
      },
    }),
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Request counts and latencies for every route, by the route's pattern (`/api/events/:eventId`),
 * never the raw URL: ids and tokens would make one series per request. `/api/metrics` exists only
 * with a token; a scrape without the right `Authorization: Bearer` answers 401.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token: string | undefined): void {
  app.decorate('metrics', metrics);
  // A callback, not an async function: one promise and microtask turn less on every answer.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    metrics.httpRequests.inc({ method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/api/metrics', async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ success: false, message: messages.auth.forbidden, code: ErrorCode.UNAUTHORIZED });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
