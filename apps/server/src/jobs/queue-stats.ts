import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';

export type QueueStat = {
  kind: string;
  status: 'pending' | 'running' | 'failed';
  count: number;
  /** Seconds the oldest job of this kind and status has been due (0 when none is due yet). */
  oldestDueSeconds: number;
};

/** Depth and age of the job queues, by kind and status, straight from the jobs table (one query). */
export async function queueStats(db: Db): Promise<QueueStat[]> {
  const rows = await db
    .select({
      kind: jobs.kind,
      status: jobs.status,
      count: sql<number>`count(*)::int`,
      oldestDueSeconds: sql<number>`coalesce(extract(epoch from (now() - min(${jobs.runAt}) filter (where ${jobs.runAt} <= now()))), 0)::float8`,
    })
    .from(jobs)
    .groupBy(jobs.kind, jobs.status);
  return rows.map((r) => ({
    ...r,
    count: Number(r.count),
    oldestDueSeconds: Math.max(0, Number(r.oldestDueSeconds)),
  }));
}
