import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** One type for both drivers: repositories never know whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query runs: the pool, or the transaction a caller (another module, say) has open. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an archive, to start copies from (tests). */
  dump?: () => Promise<Blob>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Any number fixed for this app: instances starting together take turns migrating.
const MIGRATION_LOCK_ID = 7_240_119;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Each driver is loaded only when chosen: the other one's code would sit in memory unused.
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its connection (e.g. PostgreSQL restarting) must not crash the process.
    pool.on('error', () => {});
    const lock = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      const db = drizzlePg({ client: pool, schema }) as unknown as Db;
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder });
      return {
        db,
        kind: 'postgres',
        ping: async () => void (await pool.query('select 1')),
        close: () => pool.end(),
      };
    } catch (error) {
      await pool.end();
      throw error;
    } finally {
      await lock.end();
    }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // PGlite's default shared buffers (~160 MB) live in its WebAssembly memory, which never shrinks:
    // they alone doubled the idle process. 16 MB holds this app's hot rows and indexes; the files
    // behind them stay in the operating system's page cache (docs/decisions/0065).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  const drizzled = drizzlePglite({ client, schema });
  await migratePglite(drizzled, { migrationsFolder });
  return {
    db: drizzled as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await drizzled.execute(sql`select 1`)),
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}
