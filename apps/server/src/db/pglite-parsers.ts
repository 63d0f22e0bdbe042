import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle's PGlite driver asks to receive as text, which its columns then turn into
 * dates and intervals themselves: timestamp, timestamptz, interval, date, and the arrays of
 * numeric, timestamp, timestamptz, interval and date.
 */
const textTypes = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;

/** For `PGlite.create`: the instance reads those types as text once, for every statement. */
export const pgliteTextParsers = Object.fromEntries([...textTypes].map((oid) => [oid, asText]));

type Queryable = Pick<Transaction, 'query'>;

/**
 * The client drizzle is given: PGlite itself, except that a statement's own parsers are left out
 * when they are only the ones the instance already has (`pgliteTextParsers`).
 *
 * Why: drizzle hands PGlite those nine parsers with every statement, and PGlite merges them into
 * its 318 defaults each time, building an object of over 300 keys per statement. Measured on this
 * app's short statements that was 0.17 ms of 0.69 (a quarter); without it, 0.51. Parsers other
 * than these (a newer drizzle asking for more) are passed on as they come, so nothing reads a
 * value differently from what drizzle asked for.
 */
export function withInstanceParsers(client: PGlite): PGlite {
  return leaner(client, {
    transaction: <T>(run: (tx: Transaction) => Promise<T>) => client.transaction((tx) => run(leaner(tx, {}))),
  });
}

/** `target` with its `query` leaving out the known parsers, and `overrides` in place of its own. */
function leaner<T extends Queryable>(target: T, overrides: Partial<T>): T {
  const query = <R>(text: string, params?: unknown[], options?: QueryOptions) =>
    target.query<R>(text, params, withoutKnownParsers(options));
  return new Proxy(target, {
    get(self, key) {
      if (key === 'query') return query;
      if (key in overrides) return overrides[key as keyof T];
      const value: unknown = Reflect.get(self, key);
      // PGlite's methods reach its private fields through `this`, which must not be the proxy.
      return typeof value === 'function' ? value.bind(self) : value;
    },
  });
}

function withoutKnownParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const oid in options.parsers) if (!textTypes.has(Number(oid))) return options;
  return { ...options, parsers: undefined };
}
