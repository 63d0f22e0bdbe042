// Landing page and the guest upload page, Lighthouse mobile preset: builds the web app, serves it
// with the real server (`apps/server/src/main.ts`, fresh data directory, 127.0.0.1) and runs
// Lighthouse's performance category against `/` and against an event's QR-code address
// LANDING_BENCH_RUNS times each (default 3), printing the median of each figure beside the goal. Lighthouse simulates a slow phone from the CPU time it observes, so a busy
// machine scores lower: compare runs made on a quiet one. LANDING_BENCH_NO_BUILD=1 reuses dist/.
// Chromium: CHROME_PATH (default /usr/bin/chromium).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hostWithEvent, type ServerProcess } from '../apps/server/src/testing/server-process.ts';
import { fmt, report } from './lib.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const webDir = path.join(repoRoot, 'apps/web');
const runs = Number(process.env.LANDING_BENCH_RUNS ?? 3);
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');

interface LighthouseResult {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number }>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy');
}

/** One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART, seen under load) is made again once. */
function lighthouse(url: string, retry = true): LighthouseResult {
  const result = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      `--chrome-flags=${chromeFlags}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
      timeout: 180_000,
    },
  );
  if (result.status !== 0 && retry && /NO_NAVSTART|NO_FCP/.test(result.stderr)) return lighthouse(url, false);
  if (result.status !== 0)
    throw new Error(`lighthouse failed (${result.signal ?? result.status}): ${result.stderr.slice(-2000)}`);
  return JSON.parse(result.stdout) as LighthouseResult;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function measure(page: string, url: string, budgetKb: number) {
  const results = Array.from({ length: runs }, () => lighthouse(url));
  // LANDING_BENCH_REPORTS=dir keeps each run's whole Lighthouse report, to see what a figure is made of.
  const keep = process.env.LANDING_BENCH_REPORTS;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    results.forEach((r, i) =>
      writeFileSync(path.join(keep, `${page.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(r)),
    );
  }
  const figure = (audit: string) => median(results.map((r) => r.audits[audit]?.numericValue ?? NaN));
  const score = median(results.map((r) => r.categories.performance.score));
  const lcp = figure('largest-contentful-paint');
  const bytes = figure('total-byte-weight');
  report(`${page}: Lighthouse mobile preset, median of ${runs} runs`, {
    'performance score (goal ≥ 0.90)': `${fmt(score, 2)}${score >= 0.9 ? '' : '  BELOW GOAL'}`,
    'largest contentful paint (goal ≤ 2.5 s)': `${fmt(lcp / 1000, 2)} s${lcp <= 2500 ? '' : '  ABOVE GOAL'}`,
    [`transferred (goal ≤ ${budgetKb} kB)`]: `${fmt(bytes / 1024)} kB${bytes <= budgetKb * 1024 ? '' : '  ABOVE GOAL'}`,
    'first contentful paint': `${fmt(figure('first-contentful-paint') / 1000, 2)} s`,
    'total blocking time': `${fmt(figure('total-blocking-time'), 0)} ms`,
    'cumulative layout shift': fmt(figure('cumulative-layout-shift'), 3),
    'speed index': `${fmt(figure('speed-index') / 1000, 2)} s`,
    'scores of each run': results.map((r) => fmt(r.categories.performance.score, 2)).join(' '),
  });
}

export async function run() {
  if (!process.env.LANDING_BENCH_NO_BUILD) {
    const build = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: webDir,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
        timeout: 300_000,
      },
    );
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ani-bench-landing-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      WEB_DIST_DIR: path.join(webDir, 'dist'),
      SECRET_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base);
    measure('landing page', `${base}/`, 500);
    // The guest's page, as the table card's QR code opens it: the couple's event with its stock cover.
    const { eventId } = await hostWithEvent({ base } as ServerProcess, dataDir);
    measure('guest upload page', `${base}/events/${eventId}/nur-ve-ege/upload-image-page`, 150);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await run();
