import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';

const webDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(webDir, '../..');
const distIndex = path.join(webDir, 'dist/index.html');
// The machine's default node is 20; the server and Vite run on the repo's Node 24.
const node24 = path.join(repoRoot, 'node_modules/.bin/node');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Rebuild the SPA only when a source file is newer than the last build. */
function ensureBuild(): void {
  const inputs = [
    'src',
    'public',
    'scripts',
    'index.html',
    'vite.config.ts',
    'package.json',
    'e2e/global-setup.ts',
  ].map((p) => path.join(webDir, p));
  inputs.push(path.join(repoRoot, 'packages/contract/src'));
  const newestInput = Math.max(...inputs.map(newestMtime));
  if (existsSync(distIndex) && statSync(distIndex).mtimeMs >= newestInput) return;
  const result = spawnSync(node24, [path.join(repoRoot, 'node_modules/.bin/vite'), 'build'], {
    cwd: webDir,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test; inherited, it would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed with status ${result.status}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy; see ${logFile}`);
}

/**
 * In the suite's PostgreSQL pass (TEST_DATABASE_URL set) the journeys run against a fresh database
 * there too, so both of the product's databases see real browsers; otherwise the embedded default.
 */
async function journeyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { url: '', drop: async () => {} };
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const name = `ani_e2e_${process.pid}_${Date.now()}`;
  await client.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export default async function setup(project: TestProject) {
  ensureBuild();
  const database = await journeyDatabase();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ani-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(node24, [path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      WEB_DIST_DIR: path.join(webDir, 'dist'),
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: database.url,
      // Lets the dashboard journey post signed webhook deliveries (e2e/support/dashboard-host.ts).
      WHATSAPP_APP_SECRET: 'e2e-whatsapp-app-secret',
      // Each browser context sends its own X-Forwarded-For (support/browser.ts), so per-IP limits count per journey.
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', log, log],
  });
  try {
    await waitForHealth(baseURL, child, logFile);
  } catch (error) {
    child.kill('SIGKILL');
    await database.drop();
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await database.drop();
    if (!process.env.KEEP_E2E_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
