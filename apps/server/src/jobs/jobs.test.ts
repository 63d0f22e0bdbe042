import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { createLogger } from '../http/logger.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { backoffMs, createJobRunner, enqueue } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(jobs);
});

const logger = createLogger('silent');
const runner = () => createJobRunner({ db: t.db, logger, pollMs: 10 });

describe('job runner', () => {
  it('runs a job enqueued in a committed transaction once, then forgets it', async () => {
    const r = runner();
    const seen: unknown[] = [];
    r.register('test.echo', async (payload) => void seen.push(payload));
    await t.db.transaction(async (tx) => {
      await enqueue(tx, 'test.echo', { n: 1 });
    });
    expect(await r.runUntilIdle()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await t.db.select().from(jobs)).toEqual([]);
  });

  it('never runs a job whose transaction rolled back', async () => {
    const r = runner();
    let ran = false;
    r.register('test.never', async () => void (ran = true));
    await expect(
      t.db.transaction(async (tx) => {
        await enqueue(tx, 'test.never', {});
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await r.runUntilIdle();
    expect(ran).toBe(false);
  });

  it('retries a failing job later with backoff and marks it failed after its last attempt', async () => {
    const r = runner();
    let calls = 0;
    r.register('test.flaky', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const id = await enqueue(t.db, 'test.flaky', {}, { maxAttempts: 2 });
    await r.runUntilIdle();
    let [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom 1' });
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) / 2);
    // Not due yet: nothing runs.
    expect(await r.runUntilIdle()).toBe(0);
    await t.db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.id, id));
    await r.runUntilIdle();
    [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: 'boom 2' });
    expect(calls).toBe(2);
  });

  it('resumes a job left running by a crashed worker once its lease has expired', async () => {
    const id = await enqueue(t.db, 'test.resume', { step: 'x' });
    await t.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead-worker', lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    const r = runner();
    const seen: unknown[] = [];
    r.register('test.resume', async (payload, ctx) => void seen.push([payload, ctx.attempt]));
    expect(await r.runUntilIdle()).toBe(1);
    expect(seen).toEqual([[{ step: 'x' }, 2]]);
  });

  it('does not run again a job whose worker died during its last attempt (no crash loop)', async () => {
    const [host] = createJobRunner({ db: t.db, logger }).workerId.split(':');
    const deadHere = await enqueue(t.db, 'test.killer', {}, { maxAttempts: 3 });
    const deadElsewhere = await enqueue(t.db, 'test.killer', {}, { maxAttempts: 3 });
    // A pid that cannot be running: this host's dead worker; the other one's lease has run out.
    await t.db
      .update(jobs)
      .set({ status: 'running', attempts: 3, lockedBy: `${host}:999999999:x`, lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, deadHere));
    await t.db
      .update(jobs)
      .set({ status: 'running', attempts: 3, lockedBy: 'elsewhere:1:y', lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, deadElsewhere));
    const r = runner();
    let ran = 0;
    r.register('test.killer', async () => void (ran += 1));
    r.start();
    await r.stop();
    expect(await r.runUntilIdle()).toBe(0);
    expect(ran).toBe(0);
    const rows = await t.db.select().from(jobs);
    expect(rows.map((row) => [row.status, row.lastError])).toEqual([
      ['failed', 'worker stopped during the last attempt'],
      ['failed', 'worker stopped during the last attempt'],
    ]);
  });

  it('leaves a job with a live lease alone', async () => {
    const id = await enqueue(t.db, 'test.busy', {});
    await t.db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'other', lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, id));
    const r = runner();
    r.register('test.busy', async () => undefined);
    expect(await r.runUntilIdle()).toBe(0);
  });

  it('lets two runners share the work without running any job twice', async () => {
    const counts = new Map<number, number>();
    const make = () => {
      const r = runner();
      r.register('test.share', async (payload) => {
        const n = (payload as { n: number }).n;
        counts.set(n, (counts.get(n) ?? 0) + 1);
      });
      return r;
    };
    for (let n = 0; n < 30; n++) await enqueue(t.db, 'test.share', { n });
    const [a, b] = await Promise.all([make().runUntilIdle(), make().runUntilIdle()]);
    expect(a + b).toBe(30);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(counts.size).toBe(30);
  });

  it('works in the background after start() and finishes the running job on stop()', async () => {
    const r = runner();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const began = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    r.register('test.slow', async () => {
      started();
      await gate;
      finished = true;
    });
    r.start();
    await enqueue(t.db, 'test.slow', {});
    r.kick();
    await began;
    const stopping = r.stop();
    release();
    await stopping;
    expect(finished).toBe(true);
    expect(await t.db.select().from(jobs)).toEqual([]);
  });

  it('runs a recurring job once per interval, however many instances schedule it', async () => {
    let offset = 0;
    const clock = () => new Date(Date.now() + offset);
    const runs: number[] = [];
    const make = () => {
      const r = createJobRunner({ db: t.db, logger, pollMs: 10, clock });
      r.registerRecurring('test.sweep', 60_000, async () => void runs.push(offset));
      return r;
    };
    const [a, b] = [make(), make()];
    await a.scheduleRecurringJobs();
    await b.scheduleRecurringJobs();
    expect(await t.db.select().from(jobs)).toHaveLength(1);
    expect(await a.runUntilIdle()).toBe(0);
    offset = 61_000;
    expect((await a.runUntilIdle()) + (await b.runUntilIdle())).toBe(1);
    // The run scheduled the next slot, and only that one.
    const [next] = await t.db.select().from(jobs);
    expect(next!.runAt.getTime()).toBeGreaterThan(clock().getTime());
    expect(await t.db.select().from(jobs)).toHaveLength(1);
  });
});
