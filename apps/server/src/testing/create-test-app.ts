import { randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createLogger } from '../http/logger.ts';
import { createMemoryRateLimitStore } from '../http/rate-limit.ts';
import { createUrlSigner } from '../http/signed-urls.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { createLocalDiskStorage } from '../storage/local-disk-storage.ts';
import type { Storage } from '../storage/storage.ts';

export type TestApp = {
  app: FastifyInstance;
  db: Database['db'];
  database: Database;
  storage: Storage;
  config: Config;
  /** Every e-mail the app sent, newest last. */
  outbox: MailMessage[];
  close(): Promise<void>;
};

/** A fresh database for this test file: PGlite copy of the migrated template, or a PostgreSQL database. */
async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplateDatabase');
  if (url && template) {
    const name = `ani_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 5 });
    return {
      ...database,
      async drop() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplateFile'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  return { ...database, drop: () => database.close() };
}

export async function createTestApp(
  options: {
    authLimits?: AppDeps['authLimits'];
    clientLimits?: AppDeps['clientLimits'];
    liveLimits?: AppDeps['liveLimits'];
    env?: Record<string, string>;
    mailer?: Mailer;
    logger?: AppDeps['logger'];
    clock?: AppDeps['clock'];
    storage?: Storage;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ani-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const database = await openTestDatabase();
  const storage =
    options.storage ??
    createLocalDiskStorage({ root: path.join(dataDir, 'media'), signer: createUrlSigner(config.secretKey) });
  const outbox: MailMessage[] = [];
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    pingDatabase: database.ping,
    storage,
    logger: options.logger ?? createLogger('silent'),
    rateLimitStore: createMemoryRateLimitStore(),
    mailer: options.mailer ?? { send: async (message) => void outbox.push(message) },
    clock: options.clock,
    authLimits: options.authLimits ?? {
      loginPerIp: 1000,
      loginFreeFailures: 1000,
      registerPerIp: 1000,
      mailPerIp: 1000,
      mailPerTarget: 1000,
      mailPerUser: 1000,
    },
    clientLimits: options.clientLimits,
    liveLimits: options.liveLimits,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    storage,
    config,
    outbox,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
