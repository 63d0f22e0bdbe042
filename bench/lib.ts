// Shared bench harness: a real server (embedded PGlite, local disk storage) on 127.0.0.1 in a
// temp data directory, an activated host, and an RSS sampler. Loopback only; nothing is kept.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type AppDeps } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createLogger } from '../apps/server/src/http/logger.ts';
import { createMemoryRateLimitStore } from '../apps/server/src/http/rate-limit.ts';
import { createUrlSigner } from '../apps/server/src/http/signed-urls.ts';
import type { MailMessage } from '../apps/server/src/mail/mailer.ts';
import { createLocalDiskStorage } from '../apps/server/src/storage/local-disk-storage.ts';
import type { AuthLimits } from '../apps/server/src/modules/users/users.service.ts';

export async function startServer(
  options: {
    authLimits?: AuthLimits;
    env?: Record<string, string>;
    clientLimits?: AppDeps['clientLimits'];
  } = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ani-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const storage = createLocalDiskStorage({
    root: path.join(dataDir, 'media'),
    signer: createUrlSigner(config.secretKey),
  });
  const outbox: MailMessage[] = [];
  const app = await buildApp({
    config,
    db: database.db,
    pingDatabase: database.ping,
    storage,
    logger: createLogger(process.env.BENCH_LOG ?? 'silent'),
    mailer: { send: async (m) => void outbox.push(m) },
    rateLimitStore: createMemoryRateLimitStore(),
    authLimits: options.authLimits,
    clientLimits: options.clientLimits,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench1234';
  const reg = await fetch(`${base}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'Bench Host', email, password, phoneNumber: '0532 123 45 67' }),
  });
  if (!reg.ok) throw new Error(`register: ${await reg.text()}`);
  // Account mails leave through the job runner.
  await app.jobs.runUntilIdle();
  const link = new URL(outbox.at(-1)!.link!);
  await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };

  async function createEvent(title = 'Bench Düğünü'): Promise<string> {
    const res = await fetch(`${base}/api/events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title, eventDate: new Date().toISOString() }),
    });
    return ((await res.json()) as { event: { id: string } }).event.id;
  }

  return {
    app,
    base,
    auth,
    config,
    db: database.db,
    storage,
    dataDir,
    createEvent,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Samples this process's RSS every 10 ms; `peakGrowthMb()` is the peak above the value at start. */
export function rssSampler() {
  global.gc?.();
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      return { startMb: start / 2 ** 20, peakMb: peak / 2 ** 20, growthMb: (peak - start) / 2 ** 20 };
    },
  };
}

export const mb = (bytes: number) => bytes / 2 ** 20;
export const fmt = (n: number, digits = 1) => n.toFixed(digits);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function report(name: string, lines: Record<string, string | number>) {
  console.log(`\n== ${name}`);
  for (const [k, v] of Object.entries(lines)) console.log(`  ${k.padEnd(44)} ${v}`);
}

/**
 * nginx (Debian's nginx-light) with one worker on a free loopback port, with the given `http` and
 * `server` blocks' contents; null where it is not installed. The baseline every serving figure is a ratio to.
 */
export async function startNginx(conf: {
  http?: string;
  server: string;
}): Promise<{ base: string; stop(): Promise<void> } | null> {
  const bin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((b) => existsSync(b));
  if (!bin) return null;
  const port = await new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as AddressInfo;
      probe.close(() => resolve(p));
    });
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'ani-nginx-'));
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `daemon off; user root; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; types { image/jpeg jpg; application/zip zip; }
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  ${conf.http ?? ''}
  server { listen 127.0.0.1:${port};
${conf.server} } }`,
  );
  const nginx = spawn(bin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 500));
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      nginx.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
