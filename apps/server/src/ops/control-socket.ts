import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const controlSocketName = 'control.sock';
const completeTrailer = 'x-backup-complete';

export class DataDirInUseError extends Error {}

/**
 * `DATA_DIR/control.sock`, or — past the ~100 bytes a Unix socket path may have — a name in the
 * temp directory derived from DATA_DIR, so server and backup command still meet on one path.
 */
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, controlSocketName);
  if (Buffer.byteLength(inside) <= 100) return inside;
  return path.join(
    tmpdir(),
    `anikutusu-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`,
  );
}

function isAlive(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A Unix socket in the embedded DATA_DIR, readable by its owner only. Listening on it is the lock
 * that proves one process owns the directory (two PGlite processes on one data directory would
 * corrupt it), and it is how `npm run backup` asks the running server for a consistent backup:
 * the server's own PGlite instance dumps itself, so no second process ever opens the database.
 */
export async function openControlSocket(dataDir: string) {
  await mkdir(dataDir, { recursive: true });
  const socketPath = controlSocketPath(dataDir);
  let backup: ((out: Writable) => Promise<unknown>) | null = null;

  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') return void res.writeHead(404).end();
    if (!backup) return void res.writeHead(503).end('the server is still starting');
    res.writeHead(200, { 'content-type': 'application/x-tar', trailer: completeTrailer });
    // Sent only if the archive ends normally: a cut stream never looks complete to the client.
    res.addTrailers({ [completeTrailer]: 'yes' });
    backup(res).catch((error: unknown) => res.destroy(error as Error));
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await isAlive(socketPath)) {
      throw new DataDirInUseError(`${dataDir} is in use by another process (a running server or a backup)`);
    }
    await rm(socketPath, { force: true }); // left by a process that crashed
    await listen();
  }
  await chmod(socketPath, 0o600);

  return {
    socketPath,
    /** From now on backups are served by `write`. */
    serveBackups(write: (out: Writable) => Promise<unknown>) {
      backup = write;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/**
 * Asks the server owning `dataDir` for a backup into `file` (written as `file.partial`, renamed when
 * complete). Returns false when no server is running there.
 */
export async function requestBackup(dataDir: string, file: string): Promise<boolean> {
  const socketPath = controlSocketPath(dataDir);
  const partial = `${file}.partial`;
  return new Promise<boolean>((resolve, reject) => {
    const req = request({ socketPath, method: 'POST', path: '/backup' }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`the server refused the backup (HTTP ${res.statusCode})`));
      }
      pipeline(res, createWriteStream(partial, { flags: 'wx', mode: 0o600 }))
        .then(async () => {
          if (res.trailers[completeTrailer] !== 'yes') throw new Error('the backup stream was cut short');
          await rename(partial, file);
          resolve(true);
        })
        .catch(async (error: unknown) => {
          await rm(partial, { force: true });
          reject(error as Error);
        });
    });
    req.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
    req.end();
  });
}
