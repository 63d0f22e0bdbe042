import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { freePort, hostWithEvent, startServerProcess, type ServerProcess } from './server-process.ts';

// Apart from server-process.ts, which benches load too: this one registers vitest hooks.

export type RestartableServer = {
  dataDir: string;
  /** The process running now: `start()` replaces it. */
  server: ServerProcess;
  token: string;
  eventId: string;
  /** Starts a new process on the same data directory and port, and waits until it is healthy. */
  start(): Promise<void>;
};

/**
 * For a test file that kills the server and starts it again on the same data: registers the
 * beforeAll that starts it on a fresh data directory (named after `tmpPrefix`) and signs up a host
 * with one event, and the afterAll that kills it and removes the directory.
 */
export function restartableServer(tmpPrefix: string): RestartableServer {
  let port: number;
  const proc = {
    async start() {
      proc.server = startServerProcess(
        { DATA_DIR: proc.dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` },
        port,
      );
      expect(await proc.server.healthy(), proc.server.logs()).toBe(true);
    },
  } as RestartableServer;

  beforeAll(async () => {
    proc.dataDir = await mkdtemp(path.join(tmpdir(), tmpPrefix));
    port = await freePort();
    await proc.start();
    ({ token: proc.token, eventId: proc.eventId } = await hostWithEvent(proc.server, proc.dataDir));
  }, 120_000);

  afterAll(async () => {
    await proc.server?.kill('SIGKILL');
    await rm(proc.dataDir, { recursive: true, force: true });
  });
  return proc;
}
