import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppDeps } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createLogger } from '../http/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Storage } from '../storage/storage.ts';
import { buildTempApp, type TempApp } from './temp-app.ts';

/** The temp app, ready (not listening: tests inject), with its database's query builder at hand. */
export type TestApp = TempApp & { db: Database['db'] };

/**
 * A fresh database for this test file: PGlite copy of the migrated template, or a PostgreSQL
 * database, which closing drops.
 */
async function openTestDatabase(): Promise<Database> {
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
      async close() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplateFile'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
}

export async function createTestApp(
  options: {
    authLimits?: AppDeps['authLimits'];
    clientLimits?: AppDeps['clientLimits'];
    liveLimits?: AppDeps['liveLimits'];
    guestLimits?: AppDeps['guestLimits'];
    env?: Record<string, string>;
    mailer?: Mailer;
    logger?: AppDeps['logger'];
    clock?: AppDeps['clock'];
    storage?: Storage;
  } = {},
): Promise<TestApp> {
  const built = await buildTempApp({
    dirPrefix: 'ani-test-',
    env: { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', ...options.env },
    openDatabase: openTestDatabase,
    storage: options.storage,
    logger: options.logger ?? createLogger('silent'),
    mailer: options.mailer,
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
    guestLimits: options.guestLimits,
  });
  await built.app.ready();
  return { ...built, db: built.database.db };
}
