import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';

// Migration 0014 brings the jobs queued before the must-finish kinds got their week of attempts.
// Run here on rows as an older version left them (the migration itself ran on an empty table).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const migration = path.join(import.meta.dirname, '../../drizzle/0014_jobs_that_must_finish.sql');

describe('migration 0014 (jobs that must finish)', () => {
  it('revives failed clean-ups and deletions, raises waiting ones, and leaves warnings and other kinds be', async () => {
    const row = (id: string, kind: string, status: 'pending' | 'failed', maxAttempts: number) => ({
      id,
      kind,
      payload: {},
      status,
      attempts: status === 'failed' ? maxAttempts : 1,
      maxAttempts,
      runAt: new Date('2026-01-01T00:00:00Z'),
      lastError: status === 'failed' ? 'store away' : null,
    });
    const ids = ['m14-delete', 'm14-account', 'm14-notice', 'm14-derive', 'm14-waiting'];
    await t.db
      .insert(jobs)
      .values([
        row('m14-delete', 'storage.delete-objects', 'failed', 5),
        row('m14-account', 'users.delete-account', 'failed', 20),
        row('m14-notice', 'events.retention-notice', 'failed', 5),
        row('m14-derive', 'media.derive', 'failed', 5),
        row('m14-waiting', 'media.purge-event', 'pending', 5),
      ]);
    for (const statement of (await readFile(migration, 'utf8')).split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));
    const after = Object.fromEntries(
      (await t.db.select().from(jobs).where(inArray(jobs.id, ids))).map((j) => [
        j.id,
        { status: j.status, attempts: j.attempts, maxAttempts: j.maxAttempts },
      ]),
    );
    expect(after).toEqual({
      'm14-delete': { status: 'pending', attempts: 0, maxAttempts: 200 },
      'm14-account': { status: 'pending', attempts: 0, maxAttempts: 200 },
      // Its moment has passed: not sent late, only given the new allowance.
      'm14-notice': { status: 'failed', attempts: 5, maxAttempts: 200 },
      // Not a kind that must finish: as it was.
      'm14-derive': { status: 'failed', attempts: 5, maxAttempts: 5 },
      'm14-waiting': { status: 'pending', attempts: 1, maxAttempts: 200 },
    });
  });
});
