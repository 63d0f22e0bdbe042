// Shared bench harness: a real server (embedded PGlite or a given PostgreSQL, local disk storage) on 127.0.0.1 in a
// temp data directory, an activated host, and an RSS sampler. Loopback only; nothing is kept.
import { randomBytes } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AppDeps } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createLogger } from '../apps/server/src/http/logger.ts';
import type { AuthLimits } from '../apps/server/src/modules/users/users.service.ts';
import { freePort, hostWithEvent, startServerProcess } from '../apps/server/src/testing/server-process.ts';
import { buildTempApp } from '../apps/server/src/testing/temp-app.ts';
import type { MediaItem } from '../packages/contract/src/media.ts';

export async function startServer(
  options: {
    authLimits?: AuthLimits;
    env?: Record<string, string>;
    clientLimits?: AppDeps['clientLimits'];
    /** PostgreSQL at this URL instead of the embedded PGlite (its tables are shared with other runs). */
    databaseUrl?: string;
  } = {},
) {
  const built = await buildTempApp({
    dirPrefix: 'ani-bench-',
    env: { NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent', ...options.env },
    openDatabase: (dataDir) =>
      openDatabase(
        options.databaseUrl
          ? { kind: 'postgres', url: options.databaseUrl }
          : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
      ),
    logger: createLogger(process.env.BENCH_LOG ?? 'silent'),
    authLimits: options.authLimits,
    clientLimits: options.clientLimits,
  });
  const { app, outbox } = built;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench1234';
  const reg = await fetch(`${base}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Names are unique per database, and a PostgreSQL one keeps the hosts of earlier runs.
    body: JSON.stringify({ username: `Bench ${letters(8)}`, email, password, phoneNumber: '0532 123 45 67' }),
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

  const { config, database, storage, dataDir, close } = built;
  return { app, base, auth, config, db: database.db, storage, dataDir, createEvent, close };
}

/** `n` random lowercase ASCII letters. */
const letters = (n: number) =>
  Array.from(randomBytes(n), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

const repoRoot = path.resolve(import.meta.dirname, '..');
const startWords = (
  JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start.split(' ');
/**
 * The Node flags and environment settings of package.json's start script, as `npm start` runs the
 * server. NODE_COMPILE_CACHE is a path relative to the repository (where `npm start` runs); benches
 * start the server from other directories, so it is made absolute to share the same cache.
 */
export const npmStart = {
  flags: startWords.filter((word) => word.startsWith('--')),
  env: Object.fromEntries(
    startWords
      .filter((word) => /^[A-Z_]+=/.test(word))
      .map((word) => word.split('=') as [string, string])
      .map(([name, value]) => [name, name === 'NODE_COMPILE_CACHE' ? path.resolve(repoRoot, value) : value]),
  ),
};

/**
 * Direct children of this process whose command line contains `needle`: `startServerProcess` (shared
 * with the server's own tests) does not hand out its child's pid.
 */
async function childPids(needle: string): Promise<number[]> {
  const pids: number[] = [];
  for (const task of await readdir(`/proc/${process.pid}/task`)) {
    const children = (
      await readFile(`/proc/${process.pid}/task/${task}/children`, 'utf8').catch(() => '')
    ).trim();
    for (const child of children ? children.split(/\s+/).map(Number) : []) {
      const cmdline = await readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.includes(needle)) pids.push(child);
    }
  }
  return pids;
}

/**
 * The real server in its own process, started as `npm start` starts it (the start script's flags,
 * through NODE_OPTIONS, and its environment settings), on PGlite in a temp DATA_DIR, with an
 * activated host and one event. Its RSS (`pid`, for `treeSampler`) is what a VPS would see: this
 * process, the client, holds none of the server's memory.
 */
export async function startServerAsProcess(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ani-bench-'));
  const port = await freePort();
  const before = new Set(await childPids('src/main.ts'));
  const server = startServerProcess(
    {
      ...npmStart.env,
      NODE_OPTIONS: npmStart.flags.join(' '),
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: process.env.BENCH_LOG ?? 'warn',
      ...env,
    },
    port,
  );
  const close = async () => {
    await server.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (!(await server.healthy())) throw new Error(`server did not start:\n${server.logs()}`);
    const pid = (await childPids('src/main.ts')).find((p) => !before.has(p));
    if (!pid) throw new Error('server process not found');
    const { token, eventId } = await hostWithEvent(server, dataDir);
    const auth = { authorization: `Bearer ${token}` };
    return {
      base: server.base,
      pid,
      dataDir,
      auth,
      eventId,
      logs: server.logs,
      /**
       * RSS of the server and its children after `ms` without a request: V8's memory reducer hands
       * back start-up's (and the sign-up's) heap only after the process has been quiet for several
       * seconds (docs/decisions/0065-idle-memory.md).
       */
      async idleRssBytes(ms = 15_000): Promise<number> {
        await new Promise((r) => setTimeout(r, ms));
        return treeRssBytes(pid);
      },
      async createEvent(title = 'Bench Düğünü'): Promise<string> {
        const res = await fetch(`${server.base}/api/events`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ title, eventDate: new Date().toISOString() }),
        });
        return ((await res.json()) as { event: { id: string } }).event.id;
      },
      /**
       * Waits until every item of the album has its derived images (or has failed them), through the
       * owner's photos API: the jobs run in the server's own workers. Bounded by `timeoutMs`.
       */
      async untilProcessed(eventId: string, timeoutMs = 10 * 60_000): Promise<MediaItem[]> {
        const deadline = performance.now() + timeoutMs;
        for (;;) {
          const photos: MediaItem[] = [];
          let nextToken: string | null = null;
          do {
            const query = `limit=100&status=all${nextToken ? `&nextToken=${encodeURIComponent(nextToken)}` : ''}`;
            const res = await fetch(`${server.base}/api/events/${eventId}/photos?${query}`, {
              headers: auth,
            });
            if (!res.ok) throw new Error(`photos: ${res.status} ${await res.text()}`);
            const page = (await res.json()) as { photos: MediaItem[]; nextToken: string | null };
            photos.push(...page.photos);
            nextToken = page.nextToken;
          } while (nextToken);
          if (photos.every((p) => p.processed)) return photos;
          if (performance.now() > deadline) {
            throw new Error(
              `${photos.filter((p) => !p.processed).length} items still unprocessed after ${timeoutMs} ms`,
            );
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** RSS of a process and all its descendants (or only its descendants), from /proc (Linux). */
async function treeRssBytes(pid: number, withSelf = true): Promise<number> {
  let total = 0;
  try {
    if (withSelf) {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    }
    for (const task of await readdir(`/proc/${pid}/task`)) {
      const children = (await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')).trim();
      for (const child of children ? children.split(/\s+/) : []) total += await treeRssBytes(Number(child));
    }
  } catch {
    // The process ended while we looked.
  }
  return total;
}

/** Peak of `treeRssBytes(pid, withSelf)`, sampled every 20 ms until `stop()`. */
export function treeSampler(pid = process.pid, withSelf = true) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await treeRssBytes(pid, withSelf));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
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

const exec = promisify(execFile);

/**
 * POSTs a body file with curl: in its own process it streams the file, so the client shares neither
 * the server's event loop nor its memory.
 */
export async function curlPost(
  url: string,
  bodyFile: string,
  contentType: string,
): Promise<{ status: number; body: string }> {
  const { stdout } = await exec('curl', [
    '-s',
    '-w',
    '\\n%{http_code}',
    '-X',
    'POST',
    '-H',
    `content-type: ${contentType}`,
    '-H',
    'expect:',
    '-T',
    bodyFile,
    url,
  ]);
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

/** `curlPost` for a request that must succeed. */
export async function curlPostOk(url: string, bodyFile: string, contentType: string): Promise<void> {
  const { status, body } = await curlPost(url, bodyFile, contentType);
  if (status !== 200) throw new Error(`status ${status}: ${body}`);
}
