// Idle memory: RSS of the real server process (`npm start`'s command line) after it listens and has
// stood idle 15 s, no request yet, on PGlite (a data directory made by a first start, as on a VPS
// after its first day) and, when BENCH_DATABASE_URL is set, on PostgreSQL. Baseline in the same run:
// a bare Node process with the same flags and environment. Goals: <= 300 MB on PGlite, <= 150 MB on PostgreSQL.
// The first start fills the start script's compile cache (NODE_COMPILE_CACHE), which the later ones
// use as a restarted server does; PostgreSQL is measured once more with an empty cache.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fmt, npmStart, report } from './lib.ts';

// V8's memory reducer hands back the heap that start-up grew (drizzle's ESM module graph alone
// peaks near 100 MB while it links) about 8-10 s after the process goes quiet; a server stands idle
// far longer than that between guests, so it is measured after 15 s.
const idleMs = Number(process.env.IDLE_MS ?? 15_000);
const root = path.resolve(import.meta.dirname, '..');
// Same flags and environment settings as the start script in package.json.
const { flags, env: startEnv } = npmStart;

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

async function idleRss(args: string[], env: Record<string, string>, ready: RegExp | null): Promise<number> {
  const child = spawn(process.execPath, [...flags, ...args], {
    cwd: root,
    env: { ...process.env, ...startEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const deadline = Date.now() + 120_000;
  while (ready && !ready.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, idleMs));
  const rss = rssMb(child.pid!);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return rss;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'ani-idle-'));
const env = {
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
  SECRET_KEY: randomBytes(32).toString('hex'),
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
};
const server = path.join(root, 'apps/server/src/main.ts');
try {
  const bare = await idleRss(['-e', 'setTimeout(() => {}, 60000)'], {}, null);
  await idleRss([server], env, /listening/i); // first start: creates the database
  const pglite = await idleRss([server], env, /listening/i);
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const postgres = pgUrl ? await idleRss([server], { ...env, DATABASE_URL: pgUrl }, /listening/i) : null;
  // The first start after an update finds no stripped code for the changed files in the compile
  // cache and loads Node's TypeScript stripper, which stays until the next restart (decision 0123).
  const coldCache = path.join(dataDir, 'empty-compile-cache');
  const postgresCold = pgUrl
    ? await idleRss([server], { ...env, DATABASE_URL: pgUrl, NODE_COMPILE_CACHE: coldCache }, /listening/i)
    : null;
  const settings = [...Object.entries(startEnv).map(([k, v]) => `${k}=${v}`), ...flags].join(' ');
  report(`idle memory: server started, no request, ${idleMs / 1000} s idle (${settings || 'no flags'})`, {
    'bare Node process (MB): baseline': fmt(bare, 0),
    'PGlite (MB)': `${fmt(pglite, 0)} (${fmt(pglite / bare, 1)}x bare; goal <= 300)`,
    'PostgreSQL (MB)':
      postgres === null
        ? 'skipped (set BENCH_DATABASE_URL)'
        : `${fmt(postgres, 0)} (${fmt(postgres / bare, 1)}x bare; goal <= 150)`,
    'PostgreSQL, empty compile cache (MB)': postgresCold === null ? 'skipped' : fmt(postgresCold, 0),
  });
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
