import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, is, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  PgTable,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import * as schema from './schema/index.ts';

// One column of each kind the schema uses (the first test keeps it so), to read back through the driver.
const probe = pgTable('driver_probe', {
  text: text('text').notNull(),
  integer: integer('integer').notNull(),
  integers: integer('integers').array().notNull(),
  bigint: bigint('bigint', { mode: 'number' }).notNull(),
  bigserial: bigserial('bigserial', { mode: 'number' }),
  boolean: boolean('boolean').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  jsonb: jsonb('jsonb').notNull(),
  timestamptz: timestamp('timestamptz', { withTimezone: true }).notNull(),
});

const row = {
  text: 'Anı — çğış',
  integer: -42,
  integers: [640, 1280],
  bigint: Number.MAX_SAFE_INTEGER,
  boolean: true,
  date: '2026-06-14',
  jsonb: { names: ['Ayşe', 'Mehmet'], count: 2, none: null },
  timestamptz: new Date('2026-06-14T17:30:00.123Z'),
};

// Values of other types, as raw SQL and repositories' `sql` fields may read them.
const expressions = sql`select
  12.50::numeric as numeric, '\\x00ff10'::bytea as bytea,
  '2026-06-14 17:30:00.123'::timestamp as timestamp, '2026-06-14 17:30:00.123+03'::timestamptz as timestamptz,
  '1 day 02:00'::interval as interval, '2026-06-14'::date as date, '17:30'::time as time,
  '6f1c5a8e-8f1e-4d7a-9a53-1f0b7f6f2c11'::uuid as uuid, 9007199254740993::int8 as int8, 1.5::float8 as float8,
  array['a', 'b,c'] as texts, array[1, 2]::int4[] as int4s, array[1.5, 2]::numeric[] as numerics,
  array['2026-06-14 17:30'::timestamp] as timestamps, array['2026-06-14 17:30+00'::timestamptz] as timestamptzs,
  array['1 day'::interval] as intervals, array['2026-06-14'::date] as dates, array[true, false] as bools,
  array['{"a": 1}'::jsonb] as jsonbs, array['\\x01'::bytea] as byteas, null::timestamptz as nothing`;

const kinds = (tables: unknown[]) =>
  new Set(
    tables
      .filter((table) => is(table, PgTable))
      .flatMap((table) => Object.values(getTableColumns(table)))
      .map((column) => `${column.columnType} ${column.getSQLType()}`),
  );

describe('the PGlite driver as the app opens it', () => {
  let database: Database;
  // Drizzle on a plain PGlite client: what each value reads as, as the libraries have it.
  let plain: ReturnType<typeof drizzle>;
  let plainClient: PGlite;

  beforeAll(async () => {
    const template = inject('pgliteTemplateFile');
    database = await openDatabase({
      kind: 'pglite',
      loadDataDir: template ? new Blob([await readFile(template)]) : undefined,
    });
    await database.db.execute(sql`create table driver_probe (
      text text not null, integer integer not null, integers integer[] not null, bigint bigint not null,
      bigserial bigserial, boolean boolean not null, date date not null, jsonb jsonb not null,
      timestamptz timestamp with time zone not null)`);
    // Written in a transaction: a transaction's queries go through the same client.
    await database.db.transaction((tx) => tx.insert(probe).values(row));
    plainClient = await PGlite.create({ loadDataDir: await database.dump!() });
    plain = drizzle({ client: plainClient });
  });

  afterAll(async () => {
    await plainClient?.close();
    await database?.close();
  });

  it('the probe table has a column of each kind the schema uses', () => {
    const probed = kinds([probe]);
    expect([...kinds(Object.values(schema))].filter((kind) => !probed.has(kind))).toEqual([]);
  });

  it('reads each kind of column as drizzle reads it from PGlite', async () => {
    const read = await database.db.select().from(probe);
    const inTransaction = await database.db.transaction((tx) => tx.select().from(probe));

    expect(read).toStrictEqual(await plain.select().from(probe));
    expect(inTransaction).toStrictEqual(read);
    expect(read).toStrictEqual([{ ...row, bigserial: 1 }]);
    expect(read[0]!.timestamptz).toBeInstanceOf(Date);
  });

  it('reads values of other types as drizzle reads them from PGlite, as rows and as fields', async () => {
    const plainRaw = await plain.execute(expressions);
    // The app's database type leaves a raw result's shape open; PGlite's is the one above.
    const raw = (await database.db.execute(expressions)) as typeof plainRaw;
    const fieldsOf = {
      numeric: sql`12.50::numeric`,
      timestamptzs: sql`array['2026-06-14 17:30+00'::timestamptz]`,
      ints: sql`array[1, 2]`,
    };
    const fields = await database.db.select(fieldsOf).from(probe);
    const plainFields = await plain.select(fieldsOf).from(probe);

    expect(raw.rows).toStrictEqual(plainRaw.rows);
    expect(raw.rows[0]).toMatchObject({
      numeric: '12.50',
      timestamptzs: '{"2026-06-14 17:30:00+00"}',
      int4s: [1, 2],
    });
    expect(raw.rows[0]!['bytea']).toStrictEqual(new Uint8Array([0, 255, 16]));
    expect(fields).toStrictEqual(plainFields);
    expect(fields).toStrictEqual([
      { numeric: '12.50', timestamptzs: '{"2026-06-14 17:30:00+00"}', ints: [1, 2] },
    ]);
  });

  // Each statement's messages carry the options of the query they belong to.
  const optionsSent = () => vi.spyOn(PGlite.prototype, 'execProtocolStream');

  it("sends drizzle's queries without their parsers, which the client already holds", async () => {
    const sent = optionsSent();
    try {
      await database.db.select().from(probe);
      await database.db.transaction((tx) => tx.select().from(probe));

      const withSql = sent.mock.calls.filter(([message]) => message[0] === 0x50); // Parse: one per query
      expect(withSql).toHaveLength(2);
      expect(sent.mock.calls.map(([, options]) => options)).not.toContainEqual(
        expect.objectContaining({ parsers: expect.anything() }),
      );
    } finally {
      sent.mockRestore();
    }
  });

  it('passes other parsers on with their query', async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const sent = optionsSent();
    try {
      const result = await client.query('select 12.5::numeric as n', [], {
        parsers: { 1700: Number, 1184: (value) => value },
      });

      expect(result.rows).toEqual([{ n: 12.5 }]);
      expect(sent.mock.calls.map(([, options]) => options)).toContainEqual(
        expect.objectContaining({ parsers: expect.objectContaining({ 1700: Number }) }),
      );
    } finally {
      sent.mockRestore();
    }
  });
});
