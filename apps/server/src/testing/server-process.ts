import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { firstOutboxMail } from './outbox-files.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerProcess = {
  base: string;
  port: number;
  logs(): string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
  /** Resolves true once /api/health answers 200 (false if the process exits first). */
  healthy(): Promise<boolean>;
};

/**
 * Runs `node src/main.ts` — what `npm start` runs after building the web app — with only `env` set
 * and `args` after the script (e.g. `--compile-only`).
 */
export function startServerProcess(
  env: Record<string, string>,
  port?: number,
  args: string[] = [],
): ServerProcess {
  const child = spawn(process.execPath, [path.join(serverDir, 'src/main.ts'), ...args], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
      ...(port ? { PORT: String(port) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  child.stdout.on('data', (d) => (logs += d));
  child.stderr.on('data', (d) => (logs += d));
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  const actualPort = port ?? Number(env.PORT);
  const base = `http://127.0.0.1:${actualPort}`;
  return {
    base,
    port: actualPort,
    logs: () => logs,
    exited,
    async kill(signal) {
      if (!done) child.kill(signal);
      return exited;
    },
    async healthy() {
      for (let attempt = 0; attempt < 600 && !done; attempt++) {
        const res = await fetch(`${base}/api/health`).catch(() => undefined);
        if (res?.ok) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    },
  };
}

/** A host signed up through a running server's API (activation mail from its outbox), with one event. */
export async function hostWithEvent(
  server: ServerProcess,
  dataDir: string,
): Promise<{ token: string; eventId: string }> {
  const host = {
    username: 'Nur Er',
    email: 'nur@example.com',
    password: 'Dugun2026',
    phoneNumber: '05301234567',
  };
  const json = { 'content-type': 'application/json' };
  await fetch(`${server.base}/api/users/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(host),
  });
  const mail = (await firstOutboxMail(dataDir)).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  await fetch(`${server.base}/api/users/activate?token=${/activate\?token=([\w-]+)/.exec(mail)![1]}`, {
    redirect: 'manual',
  });
  const login = await fetch(`${server.base}/api/users/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: host.email, password: host.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const created = await fetch(`${server.base}/api/events`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Nur ve Ege', eventDate: new Date().toISOString() }),
  });
  return { token, eventId: ((await created.json()) as { event: { id: string } }).event.id };
}
