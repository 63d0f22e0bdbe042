import { flushCompileCache } from 'node:module';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createLogger } from './http/logger.ts';
import { holdPortWhileStarting } from './http/starting-server.ts';
import { createMemoryRateLimitStore, createRedisRateLimitStore } from './http/rate-limit.ts';
import { createMailer } from './mail/mailer.ts';
import { openControlSocket } from './ops/control-socket.ts';
import { createDeletionHold } from './ops/deletion-hold.ts';
import { createStorage } from './storage/create-storage.ts';

// `npm start` runs this file once with --compile-only before the real start: loading the modules
// above is enough to write every start-up module's type-stripped code to Node's compile cache
// (NODE_COMPILE_CACHE), so even the first start after an update never loads Node's TypeScript
// stripper, whose memory would stay for the process's life (docs/decisions/0123). A command-line
// flag, not a setting: config.ts stays the only reader of the environment.
if (process.argv.slice(2).includes('--compile-only')) {
  flushCompileCache();
  process.exit(0);
}

function fail(message: string): never {
  process.stderr.write(`\nAnı Kutusu could not start: ${message}\n\n`);
  process.exit(1);
}

function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

const logger = createLogger(config.logLevel);

// Port 0 (a random port) cannot be held for the app: it would get another one.
const starting =
  config.port === 0
    ? null
    : await holdPortWhileStarting(config.host, config.port).catch((error: Error) => fail(error.message));

// The embedded database belongs to one process: the control socket is that lock, and the way
// `npm run backup` reaches this process (docs/operations.md).
const control = config.databaseUrl
  ? null
  : await openControlSocket(config.dataDir).catch((error: Error) => fail(error.message));

const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
).catch((error: Error) =>
  fail(
    config.databaseUrl
      ? `cannot use the database at DATABASE_URL=${redactUrl(config.databaseUrl)}: ${error.message}`
      : `cannot open the embedded database in ${config.dataDir}: ${error.message}`,
  ),
);

const deletionHold = createDeletionHold();
const storage = deletionHold.wrap(await createStorage(config));
const rateLimitStore = config.redisUrl
  ? await createRedisRateLimitStore(config.redisUrl)
  : createMemoryRateLimitStore();

const app = await buildApp({
  config,
  db: database.db,
  listen: database.listen,
  pingDatabase: database.ping,
  storage,
  logger,
  rateLimitStore,
  mailer: createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
  }),
});

await starting?.close();
await app.listen({ host: config.host, port: config.port }).catch((error: Error) => fail(error.message));
// Background work (derived images, clean-ups) starts once the server is up; app.close() stops it.
app.jobs.start();
// With NODE_COMPILE_CACHE set (the start script, the systemd unit), every module's type-stripped
// code is written now rather than at exit, so the next start finds it even after a crash or a kill
// and never loads Node's TypeScript stripper (docs/decisions/0123). Without it, this does nothing.
// The write is synchronous: it comes before /api/ready says yes, so no request a load balancer
// sends waits behind it.
flushCompileCache();
app.markReady();
control?.serveBackups(async (out) => {
  logger.info('backup started');
  // The archive writer (tar-stream) is only needed when `npm run backup` asks.
  const { writeBackup } = await import('./ops/backup-archive.ts');
  const manifest = await writeBackup({
    dataDir: config.dataDir,
    out,
    dumpDatabase: database.dump!,
    mediaIncluded: !config.s3,
    hold: deletionHold.hold,
  });
  logger.info({ files: Object.keys(manifest.files).length }, 'backup written');
});

// SIGTERM (deploys) and SIGINT (Ctrl+C): stop taking requests, finish those in flight, then exit.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    app
      .close()
      .then(() => rateLimitStore.close?.())
      .then(() => database.close())
      .then(() => control?.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}
