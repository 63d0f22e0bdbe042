// The app built in this process on a temporary data directory: the tests' createTestApp and the
// benches' startServer (bench/lib.ts) both start from it. Nothing from vitest may be imported here:
// the benches run under plain Node.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createMemoryRateLimitStore } from '../http/rate-limit.ts';
import { createUrlSigner } from '../http/signed-urls.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createLocalDiskStorage } from '../storage/local-disk-storage.ts';
import type { Storage } from '../storage/storage.ts';

export type TempApp = {
  /** Built, neither ready nor listening: the caller decides which. */
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  database: Database;
  storage: Storage;
  /** Every e-mail the app sent (unless another mailer was given), newest last. */
  outbox: MailMessage[];
  /** Closes the app, then the database, and removes the data directory. */
  close(): Promise<void>;
};

export async function buildTempApp(
  options: {
    /** Starts the temporary directory's name, so one left behind says what made it. */
    dirPrefix: string;
    /** Set over a fresh data directory and secret and a web build that is not there. */
    env: Record<string, string>;
    /** Opened once the data directory exists; its close() is what the app's close() calls. */
    openDatabase(dataDir: string): Promise<Database>;
    /** Local disk under the data directory unless given. */
    storage?: Storage;
    mailer?: AppDeps['mailer'];
  } & Pick<AppDeps, 'logger' | 'clock' | 'authLimits' | 'clientLimits' | 'liveLimits' | 'guestLimits'>,
): Promise<TempApp> {
  const { dirPrefix, env, openDatabase, storage: givenStorage, mailer, ...deps } = options;
  const dataDir = await mkdtemp(path.join(tmpdir(), dirPrefix));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const database = await openDatabase(dataDir);
  const storage =
    givenStorage ??
    createLocalDiskStorage({ root: path.join(dataDir, 'media'), signer: createUrlSigner(config.secretKey) });
  const outbox: MailMessage[] = [];
  const app = await buildApp({
    ...deps,
    config,
    db: database.db,
    listen: database.listen,
    pingDatabase: database.ping,
    storage,
    rateLimitStore: createMemoryRateLimitStore(),
    mailer: mailer ?? { send: async (message) => void outbox.push(message) },
  });
  return {
    app,
    config,
    dataDir,
    database,
    storage,
    outbox,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
