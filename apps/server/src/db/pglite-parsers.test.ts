import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { date, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTextParsers, withInstanceParsers } from './pglite-parsers.ts';

const moments = pgTable('moments', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
});

describe('PGlite with the text parsers once', () => {
  let client: PGlite;
  let seen: (QueryOptions | undefined)[];

  beforeAll(async () => {
    client = await PGlite.create({ parsers: pgliteTextParsers });
    await client.exec(
      'create table moments (id integer primary key, at timestamptz not null, day date not null)',
    );
    // What reaches PGlite from drizzle, after the wrapper.
    const query = client.query.bind(client);
    const transaction = client.transaction.bind(client);
    seen = [];
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      seen.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
    client.transaction = (<T>(run: (tx: Transaction) => Promise<T>) =>
      transaction((tx) =>
        run({
          ...tx,
          query: (text: string, params?: unknown[], options?: QueryOptions) => {
            seen.push(options);
            return tx.query(text, params, options);
          },
        } as Transaction),
      )) as PGlite['transaction'];
  });
  afterAll(() => client.close());

  it('reads dates as drizzle asked, in and out of a transaction, without sending its parsers along', async () => {
    const db = drizzle({ client: withInstanceParsers(client) });
    const at = new Date('2026-06-13T18:30:00.123Z');
    await db.insert(moments).values({ id: 1, at, day: '2026-06-13' });
    const [row] = await db.select().from(moments).where(eq(moments.id, 1));
    expect(row).toEqual({ id: 1, at, day: '2026-06-13' });
    const inTx = await db.transaction((tx) => tx.select().from(moments).where(eq(moments.id, 1)));
    expect(inTx).toEqual([row]);

    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const options of seen) expect(options?.parsers).toBeUndefined();
    // drizzle did ask for them: the same calls without the wrapper carry them.
    seen.length = 0;
    await drizzle({ client }).select().from(moments);
    expect(Object.keys(seen[0]?.parsers ?? {})).toContain('1184');
  });

  it('passes on parsers it does not know, so no value is read differently from what was asked', async () => {
    const asNumber = (value: string) => Number(value);
    seen.length = 0;
    const result = await withInstanceParsers(client).query<{ n: number }>('select 41 + 1 as n', [], {
      parsers: { 23: asNumber, 1184: (value: string) => value },
    });
    expect(seen[0]?.parsers?.[23]).toBe(asNumber);
    expect(result.rows).toEqual([{ n: 42 }]);
  });
});
