import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { createLogger } from '../http/logger.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { z } from 'zod';
import { createJobQueue } from './job-queue.ts';
import { defineJobRegistry } from './job-registry.ts';
import { backoffMs, createJobRunner } from './job-runner.ts';
import { enqueue as enqueueAppJob, jobRegistry } from './jobs.ts';
import { FAILED_JOB_KEEP_MS } from './register-jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(jobs);
});

const logger = createLogger('silent');
const anything = z.object({}).passthrough();
const registry = defineJobRegistry({
  queues: {
    default: { concurrency: 1, maxAttempts: 5, timeoutMs: 60_000 },
  },
  kinds: {
    'test.echo': { queue: 'default', payload: z.object({ n: z.number() }) },
    'test.never': { queue: 'default', payload: anything },
    'test.flaky': { queue: 'default', payload: anything },
    'test.resume': { queue: 'default', payload: z.object({ step: z.string() }) },
    'test.killer': { queue: 'default', payload: anything },
    'test.busy': { queue: 'default', payload: anything },
    'test.share': { queue: 'default', payload: z.object({ n: z.number() }) },
    'test.slow': { queue: 'default', payload: anything },
  },
});
const { enqueue, enqueueEach } = createJobQueue(registry);
const runner = () => createJobRunner({ db: t.db, logger, registry, pollMs: 10 });
/** Marks a job as in the middle of its first attempt on `lockedBy`, its lease a minute from now. */
const holdJob = (id: string, lockedBy: string) =>
  t.db
    .update(jobs)
    .set({ status: 'running', attempts: 1, lockedBy, lockedUntil: new Date(Date.now() + 60_000) })
    .where(eq(jobs.id, id));

describe('job runner', () => {
  it('runs a job enqueued in a committed transaction once, then forgets it', async () => {
    const r = runner();
    const seen: unknown[] = [];
    r.handle('test.echo', async (payload) => void seen.push(payload));
    await t.db.transaction(async (tx) => {
      await enqueue(tx, 'test.echo', { n: 1 });
    });
    expect(await r.runUntilIdle()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await t.db.select().from(jobs)).toEqual([]);
  });

  it('enqueues one job per payload in one statement, checks each payload, and runs them in the order given', async () => {
    const r = runner();
    const seen: number[] = [];
    r.handle('test.echo', async ({ n }) => void seen.push(n));
    const order = [5, 3, 9, 1, 7, 2, 8, 4, 6, 0];
    await t.db.transaction(async (tx) => {
      await enqueueEach(
        tx,
        'test.echo',
        order.map((n) => ({ n })),
      );
    });
    await expect(enqueueEach(t.db, 'test.echo', [{ n: 1 }, { n: 'x' } as never])).rejects.toThrow();
    expect(await r.runUntilIdle()).toBe(order.length);
    expect(seen).toEqual(order);
  });

  it('never runs a job whose transaction rolled back', async () => {
    const r = runner();
    let ran = false;
    r.handle('test.never', async () => void (ran = true));
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
    r.handle('test.flaky', async () => {
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
    await t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, id));
    await r.runUntilIdle();
    [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: 'boom 2' });
    expect(calls).toBe(2);
  });

  it('starts a fixed-id job afresh when it is enqueued again after failing for good', async () => {
    const r = runner();
    let fail = true;
    const seen: unknown[] = [];
    r.handle('test.share', async (payload) => {
      if (fail) throw new Error('down');
      seen.push(payload);
    });
    await enqueue(t.db, 'test.share', { n: 1 }, { id: 'export:host-1', maxAttempts: 1 });
    await r.runUntilIdle();
    expect((await t.db.select().from(jobs).where(eq(jobs.id, 'export:host-1')))[0]).toMatchObject({
      status: 'failed',
      lastError: 'down',
    });
    fail = false;
    await enqueue(t.db, 'test.share', { n: 2 }, { id: 'export:host-1' });
    expect(await r.runUntilIdle()).toBe(1);
    expect(seen).toEqual([{ n: 2 }]);
    expect(await t.db.select().from(jobs)).toEqual([]);
  });

  it('(the twin) keeps one waiting fixed-id job when it is enqueued again, and runs it once', async () => {
    const r = runner();
    const seen: unknown[] = [];
    r.handle('test.share', async (payload) => void seen.push(payload));
    await enqueue(t.db, 'test.share', { n: 1 }, { id: 'export:host-2' });
    await enqueue(t.db, 'test.share', { n: 2 }, { id: 'export:host-2' });
    expect(await r.runUntilIdle()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('resumes a job left running by a crashed worker once its lease has expired', async () => {
    const id = await enqueue(t.db, 'test.resume', { step: 'x' });
    await t.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-worker',
        lockedUntil: new Date(Date.now() - 1000),
      })
      .where(eq(jobs.id, id));
    const r = runner();
    const seen: unknown[] = [];
    r.handle('test.resume', async (payload, ctx) => void seen.push([payload, ctx.attempt]));
    expect(await r.runUntilIdle()).toBe(1);
    expect(seen).toEqual([[{ step: 'x' }, 2]]);
  });

  it('does not run again a job whose worker died during its last attempt (no crash loop)', async () => {
    const [host] = runner().workerId.split(':');
    const deadHere = await enqueue(t.db, 'test.killer', {}, { maxAttempts: 3 });
    const deadElsewhere = await enqueue(t.db, 'test.killer', {}, { maxAttempts: 3 });
    // A pid that cannot be running: this host's dead worker; the other one's lease has run out.
    await t.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 3,
        lockedBy: `${host}:999999999:x`,
        lockedUntil: new Date(Date.now() + 60_000),
      })
      .where(eq(jobs.id, deadHere));
    await t.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 3,
        lockedBy: 'elsewhere:1:y',
        lockedUntil: new Date(Date.now() - 1000),
      })
      .where(eq(jobs.id, deadElsewhere));
    const r = runner();
    let ran = 0;
    r.handle('test.killer', async () => void (ran += 1));
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
    r.handle('test.busy', async () => undefined);
    expect(await r.runUntilIdle()).toBe(0);
  });

  it('lets two runners share the work without running any job twice', async () => {
    const counts = new Map<number, number>();
    const make = () => {
      const r = runner();
      r.handle('test.share', async ({ n }) => {
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
    r.handle('test.slow', async () => {
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

  it("checks payloads against the kind's schema at enqueue, and never retries a stored payload that no longer fits", async () => {
    await expect(enqueue(t.db, 'test.echo', { n: 'eins' } as never)).rejects.toThrow();
    expect(await t.db.select().from(jobs)).toEqual([]);
    const r = runner();
    const seen: unknown[] = [];
    r.handle('test.echo', async (payload) => void seen.push(payload));
    const id = await enqueue(t.db, 'test.echo', { n: 2 });
    await t.db
      .update(jobs)
      .set({ payload: { n: 'changed' } })
      .where(eq(jobs.id, id));
    await r.runUntilIdle();
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('payload does not match test.echo');
    expect(seen).toEqual([]);
  });

  it('refuses to start while a declared kind has no handler', () => {
    const r = runner();
    r.handle('test.echo', async () => undefined);
    expect(() => r.assertAllHandled()).toThrow(/test\.never/);
    for (const kind of Object.keys(registry.kinds) as (keyof typeof registry.kinds)[])
      r.handle(kind, async () => undefined);
    expect(() => r.assertAllHandled()).not.toThrow();
  });

  it('gives every kind of the app a handler, and WhatsApp work queues of its own', () => {
    expect(() => t.app.jobs.assertAllHandled()).not.toThrow();
    const queueOf = (kind: keyof typeof jobRegistry.kinds) => jobRegistry.kinds[kind].queue;
    expect(queueOf('whatsapp.send-invitation')).not.toBe(queueOf('media.derive'));
    expect(queueOf('whatsapp.process-webhook')).not.toBe(queueOf('media.derive'));
    expect(queueOf('storage.delete-objects')).not.toBe(queueOf('media.derive'));
  });

  it("aborts an attempt that outlives its queue's timeout and retries it later", async () => {
    const quick = defineJobRegistry({
      queues: { short: { concurrency: 1, maxAttempts: 3, timeoutMs: 50 } },
      kinds: { 'test.hang': { queue: 'short', payload: anything } },
    });
    const r = createJobRunner({ db: t.db, logger, registry: quick, pollMs: 10 });
    let sawAbort = false;
    r.handle('test.hang', (_payload, ctx) => {
      return new Promise<void>((resolve) =>
        ctx.signal.addEventListener('abort', () => {
          sawAbort = true;
          resolve();
        }),
      );
    });
    const id = await createJobQueue(quick).enqueue(t.db, 'test.hang', {});
    await r.runUntilIdle();
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'job timed out after 50 ms' });
    expect(sawAbort).toBe(true);
  });

  it('keeps the slot and the lease of a timed-out attempt until its handler stops, so its retry never runs beside it', async () => {
    const quick = defineJobRegistry({
      queues: { short: { concurrency: 1, maxAttempts: 5, timeoutMs: 100 } },
      kinds: { 'test.stubborn': { queue: 'short', payload: anything } },
    });
    // A clock moved past the backoff: the retry is due as soon as the runner would claim it.
    let offset = 0;
    const clock = () => new Date(Date.now() + offset);
    const r = createJobRunner({ db: t.db, logger, registry: quick, pollMs: 10, clock });
    let running = 0;
    let maxRunning = 0;
    let finished = 0;
    // Like a handler deep in work it cannot cut short: it does not read the signal.
    r.handle('test.stubborn', async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 400));
      running -= 1;
      finished += 1;
    });
    const id = await createJobQueue(quick).enqueue(t.db, 'test.stubborn', {});
    r.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Past the timeout, still working: the row stays this worker's, so no retry can be claimed.
    const row = async () => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];
    expect(await row()).toMatchObject({ status: 'running', attempts: 1, lockedBy: r.workerId });
    // Once it stops, the attempt is recorded as timed out (its work is not trusted as done).
    await vi.waitFor(async () =>
      expect(await row()).toMatchObject({ status: 'pending', lastError: 'job timed out after 100 ms' }),
    );
    expect(finished).toBe(1);
    offset = 60 * 60_000;
    await vi.waitFor(() => expect(finished).toBe(2), { timeout: 3_000 });
    await r.stop();
    expect(maxRunning).toBe(1);
  });

  it('gives up on a timed-out attempt that never stops after its grace, freeing its slot for the next job', async () => {
    const quick = defineJobRegistry({
      queues: { short: { concurrency: 1, maxAttempts: 3, timeoutMs: 50 } },
      kinds: {
        'test.hung': { queue: 'short', payload: anything },
        'test.next': { queue: 'short', payload: anything },
      },
    });
    const r = createJobRunner({ db: t.db, logger, registry: quick, pollMs: 10, stopGraceMs: 100 });
    // Hung on something that ignores the abort (a half-open socket, say): it never settles.
    r.handle('test.hung', () => new Promise<void>(() => undefined));
    let nextRan = false;
    r.handle('test.next', async () => {
      nextRan = true;
    });
    const queue = createJobQueue(quick);
    const hung = await queue.enqueue(t.db, 'test.hung', {});
    await queue.enqueue(t.db, 'test.next', {});
    r.start();
    await vi.waitFor(() => expect(nextRan).toBe(true), { timeout: 5_000 });
    await r.stop();
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, hung));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null });
    expect(row!.lastError).toBe('job did not stop within 100 ms of its 50 ms timeout');
  });

  it('leaves alone a running job held under our own pid or pid 1 on this host (a sibling container)', async () => {
    const [host] = runner().workerId.split(':');
    for (const pid of [process.pid, 1]) {
      await holdJob(await enqueue(t.db, 'test.busy', {}), `${host}:${pid}:sibling`);
    }
    const r = runner();
    let ran = 0;
    r.handle('test.busy', async () => void (ran += 1));
    r.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await r.stop();
    expect(ran).toBe(0);
    const rows = await t.db.select().from(jobs);
    expect(rows.map((row) => row.status)).toEqual(['running', 'running']);
  });

  it('(the twin) resumes at once a running job of a dead process of this host, before its lease ends', async () => {
    const [host] = runner().workerId.split(':');
    await holdJob(await enqueue(t.db, 'test.busy', {}), `${host}:999999999:x`);
    const r = runner();
    const seen: number[] = [];
    r.handle('test.busy', async (_payload, ctx) => void seen.push(ctx.attempt));
    r.start();
    await vi.waitFor(() => expect(seen).toEqual([2]));
    await r.stop();
  });

  describe('queues', () => {
    const twoQueues = defineJobRegistry({
      queues: {
        media: { concurrency: 1, maxAttempts: 5, timeoutMs: 60_000 },
        whatsapp: { concurrency: 1, maxAttempts: 5, timeoutMs: 60_000 },
      },
      kinds: {
        'test.derive': { queue: 'media', payload: z.object({ n: z.number() }) },
        'test.send': { queue: 'whatsapp', payload: anything },
      },
    });
    const oneQueue = defineJobRegistry({
      queues: { all: { concurrency: 1, maxAttempts: 5, timeoutMs: 60_000 } },
      kinds: {
        'test.derive': { queue: 'all', payload: z.object({ n: z.number() }) },
        'test.send': { queue: 'all', payload: anything },
      },
    });

    it('starts a WhatsApp send while the media queue is saturated with slow jobs', async () => {
      const r = createJobRunner({ db: t.db, logger, registry: twoQueues, pollMs: 10 });
      const { enqueue: add } = createJobQueue(twoQueues);
      const log: string[] = [];
      let mediaRunning = 0;
      let mostMediaAtOnce = 0;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let mediaStarted!: () => void;
      const mediaBusy = new Promise<void>((resolve) => (mediaStarted = resolve));
      let sendStarted!: () => void;
      const sent = new Promise<void>((resolve) => (sendStarted = resolve));
      r.handle('test.derive', async ({ n }) => {
        mediaRunning += 1;
        mostMediaAtOnce = Math.max(mostMediaAtOnce, mediaRunning);
        log.push(`derive ${n} start`);
        mediaStarted();
        // Held until the send has started: if the send waited for media, this would never end.
        await gate;
        log.push(`derive ${n} end`);
        mediaRunning -= 1;
      });
      r.handle('test.send', async () => {
        log.push('send start');
        sendStarted();
      });
      for (let n = 0; n < 3; n++) await add(t.db, 'test.derive', { n });
      r.start();
      try {
        // The media queue is saturated: one slow job running, two waiting behind it.
        await mediaBusy;
        await add(t.db, 'test.send', {});
        r.kick();
        await sent;
        expect(log).toEqual([expect.stringMatching(/^derive \d start$/), 'send start']);
      } finally {
        release();
        await r.stop();
      }
      await r.runUntilIdle();
      expect(mostMediaAtOnce).toBe(1);
      expect(log.filter((line) => line.endsWith('end'))).toHaveLength(3);
    });

    it('(the twin) makes the send wait behind every media job when both share one queue', async () => {
      const r = createJobRunner({ db: t.db, logger, registry: oneQueue, pollMs: 10 });
      const { enqueue: add } = createJobQueue(oneQueue);
      const log: string[] = [];
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      r.handle('test.derive', async ({ n }) => {
        log.push(`derive ${n}`);
        await new Promise((resolve) => setImmediate(resolve));
      });
      r.handle('test.send', async () => {
        log.push('send');
        done();
      });
      // Due in this order (the queue takes the oldest due job first).
      const due = (n: number) => ({ runAt: new Date(Date.now() - 60_000 + n * 1_000) });
      for (let n = 0; n < 3; n++) await add(t.db, 'test.derive', { n }, due(n));
      await add(t.db, 'test.send', {}, due(3));
      r.start();
      try {
        await finished;
      } finally {
        await r.stop();
      }
      expect(log).toEqual(['derive 0', 'derive 1', 'derive 2', 'send']);
    });
  });

  it('runs a recurring job once per interval, however many instances schedule it', async () => {
    const recurring = defineJobRegistry({
      queues: { default: { concurrency: 1, maxAttempts: 5, timeoutMs: 60_000 } },
      kinds: { 'test.sweep': { queue: 'default', payload: anything, everyMs: 60_000 } },
    });
    let offset = 0;
    const clock = () => new Date(Date.now() + offset);
    const runs: number[] = [];
    const make = () => {
      const r = createJobRunner({ db: t.db, logger, registry: recurring, pollMs: 10, clock });
      r.handle('test.sweep', async () => void runs.push(offset));
      return r;
    };
    const [a, b] = [make(), make()];
    await a.scheduleRecurringJobs();
    await b.scheduleRecurringJobs();
    expect(await t.db.select().from(jobs)).toHaveLength(1);
    expect(await a.runUntilIdle()).toBe(0);
    offset = 61_000;
    expect((await a.runUntilIdle()) + (await b.runUntilIdle())).toBe(1);
    expect(runs).toEqual([61_000]);
    // The run scheduled the next slot, and only that one.
    const [next] = await t.db.select().from(jobs);
    expect(next!.runAt.getTime()).toBeGreaterThan(clock().getTime());
    expect(await t.db.select().from(jobs)).toHaveLength(1);
  });

  describe('jobs that must finish', () => {
    const HOUR = 60 * 60 * 1000;
    const DAY = 24 * HOUR;
    const mustFinish = [
      'storage.delete-objects',
      'media.sweep-upload',
      'media.purge-event',
      'users.delete-account',
      'events.retention-notice',
    ] as const;

    it('keep retrying a store clean-up through a two-day outage, then remove the objects', async () => {
      let offset = 0;
      const clock = () => new Date(Date.now() + offset);
      const r = createJobRunner({ db: t.db, logger, registry: jobRegistry, pollMs: 10, clock });
      const deleted: string[] = [];
      let tries = 0;
      r.handle('storage.delete-objects', async ({ keys }) => {
        tries += 1;
        if (offset < 2 * DAY) throw new Error('store unreachable');
        deleted.push(...keys);
      });
      const id = await enqueueAppJob(t.db, 'storage.delete-objects', { keys: ['events/e1/a.jpg'] });
      // Each retry is run when it falls due, as a worker would, until the store is back.
      for (let round = 0; round < 500 && deleted.length === 0; round++) {
        await r.runUntilIdle();
        const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
        if (!row) break;
        expect(row.status).toBe('pending');
        offset = row.runAt.getTime() - Date.now() + 1;
      }
      expect(deleted).toEqual(['events/e1/a.jpg']);
      expect(await t.db.select().from(jobs)).toEqual([]);
      // Hourly once the backoff is capped, not a busy loop.
      expect(tries).toBeLessThan(70);
    });

    it('are each given attempts for about a week of hourly retries, while other kinds keep their queue’s', () => {
      const retriesFor = (kind: keyof typeof jobRegistry.kinds) => {
        const spec = jobRegistry.kinds[kind];
        const attempts =
          ('maxAttempts' in spec ? spec.maxAttempts : undefined) ??
          jobRegistry.queues[spec.queue].maxAttempts;
        let waited = 0;
        for (let attempt = 1; attempt < attempts; attempt++) waited += backoffMs(attempt);
        return waited;
      };
      for (const kind of mustFinish) expect(retriesFor(kind), kind).toBeGreaterThan(7 * DAY);
      // A derivation that crashes the process must not be run hundreds of times.
      expect(retriesFor('media.derive')).toBeLessThan(HOUR);
    });

    it('forgets jobs that failed for good over 30 days ago, payloads and all, in a daily sweep', async () => {
      expect(jobRegistry.kinds['jobs.prune-failed'].everyMs).toBe(DAY);
      const now = Date.now();
      const ago = (ms: number) => new Date(now - ms);
      const row = (id: string, status: 'pending' | 'failed', updated: Date, runAt = updated) => ({
        id,
        kind: 'users.account-mail',
        payload: { template: 'activation', email: `${id}@example.com` },
        status,
        attempts: status === 'failed' ? 5 : 1,
        runAt,
        createdAt: updated,
        updatedAt: updated,
      });
      await t.db.insert(jobs).values([
        row('failed-long-ago', 'failed', ago(FAILED_JOB_KEEP_MS + DAY)),
        row('failed-recently', 'failed', ago(FAILED_JOB_KEEP_MS - DAY)),
        // Old, but still waiting for its retry: only failures are forgotten.
        row('waiting', 'pending', ago(FAILED_JOB_KEEP_MS + DAY), new Date(now + HOUR)),
      ]);
      await enqueueAppJob(t.db, 'jobs.prune-failed', {});
      expect(await t.app.jobs.runUntilIdle()).toBe(1);
      const left = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'users.account-mail'));
      expect(left.map((j) => j.id).sort()).toEqual(['failed-recently', 'waiting']);
    });
  });
});
