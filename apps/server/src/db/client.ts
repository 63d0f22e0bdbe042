import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
// Types only: the driver itself is loaded when chosen (below).
import type { Client as PgClient } from 'pg';
import { pgliteTextParsers, withInstanceParsers } from './pglite-parsers.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** One type for both drivers: repositories never know whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query runs: the pool, or the transaction a caller (another module, say) has open. */
export type Executor = Db | Tx;

/**
 * PostgreSQL LISTEN on one channel: `onPayload` gets each NOTIFY's payload (sent by a committed
 * transaction only). `onResumed` runs after the listening connection was lost and is back:
 * notifications sent meanwhile are lost, so listeners re-read what they follow. Answers the way to stop.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onResumed: () => void,
) => Promise<() => Promise<void>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  listen: Listen;
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
      const listener = createPgListener(pg.Client, options.url);
      return {
        db,
        kind: 'postgres',
        listen: listener.listen,
        ping: async () => void (await pool.query('select 1')),
        close: async () => {
          await listener.close();
          await pool.end();
        },
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
    parsers: pgliteTextParsers,
  });
  const drizzled = drizzlePglite({ client: withInstanceParsers(client), schema });
  await migratePglite(drizzled, { migrationsFolder });
  return {
    db: drizzled as unknown as Db,
    kind: 'pglite',
    // One process holds the embedded database: its LISTEN is an in-process callback on commit.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => stop();
    },
    ping: async () => void (await drizzled.execute(sql`select 1`)),
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}

/** `application_name` of each process's listening connection in `pg_stat_activity`. */
export const listenerApplicationName = 'ani-listener';
/** How long the listening connection waits before reconnecting after it was lost. */
const listenRetryMs = 1000;

/**
 * One connection per process for every LISTEN (not one per subscriber): outside the pool, so a
 * busy pool never delays a notification and the pool's idle timeout never drops a LISTEN. Lost
 * connections (PostgreSQL restarting) come back after a pause, and their subscribers are told.
 */
function createPgListener(Client: typeof PgClient, url: string) {
  type Subscriber = { onPayload: (payload: string) => void; onResumed: () => void };
  const channels = new Map<string, Set<Subscriber>>();
  let client: PgClient | null = null;
  let connecting: Promise<PgClient> | null = null;
  let closed = false;

  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  function connect(): Promise<PgClient> {
    connecting ??= (async () => {
      // Named, so operators (and a test) can tell it from the pool's connections.
      const next = new Client({
        connectionString: url,
        connectionTimeoutMillis: 5000,
        application_name: listenerApplicationName,
      });
      next.on('notification', (message) => {
        for (const subscriber of channels.get(message.channel) ?? [])
          subscriber.onPayload(message.payload ?? '');
      });
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      await next.connect();
      for (const channel of channels.keys()) await next.query(`listen ${quote(channel)}`);
      client = next;
      return next;
    })().finally(() => (connecting = null));
    return connecting;
  }

  function lost(which: PgClient) {
    if (client !== which || closed) return;
    client = null;
    which.end().catch(() => {});
    const retry = () => {
      if (closed) return;
      connect().then(
        () => {
          for (const subscribers of channels.values()) for (const s of subscribers) s.onResumed();
        },
        () => setTimeout(retry, listenRetryMs).unref(),
      );
    };
    setTimeout(retry, listenRetryMs).unref();
  }

  return {
    async listen(channel: string, onPayload: Subscriber['onPayload'], onResumed: Subscriber['onResumed']) {
      const subscriber = { onPayload, onResumed };
      let set = channels.get(channel);
      const first = !set;
      if (!set) channels.set(channel, (set = new Set()));
      set.add(subscriber);
      const active = client ?? (await connect());
      if (first && active === client) await active.query(`listen ${quote(channel)}`).catch(() => {});
      return async () => {
        set.delete(subscriber);
        if (set.size === 0 && channels.get(channel) === set) {
          channels.delete(channel);
          await client?.query(`unlisten ${quote(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      const active = client;
      client = null;
      await active?.end().catch(() => {});
    },
  };
}
