import { sql, type SQL } from 'drizzle-orm';
import type { JobState } from '~/shared/schemas/jobs';
import type { Executor } from '../../db/client';

/**
 * The job queue's rows, read through graphile-worker's public `jobs` view and changed only through
 * its functions (reschedule_jobs, complete_jobs): the library owns its tables (decision 33).
 */

export type JobRow = {
  id: string;
  task: string;
  state: JobState;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: Date;
  created_at: Date;
  updated_at: Date;
  locked_by: string | null;
  locked_at: Date | null;
  payload: Record<string, unknown> | null;
};

/** The state of a row, as SQL (the same rule for the list, its filter and the counts). */
const STATE = sql`case
  when j.locked_at is not null then 'running'
  when j.attempts >= j.max_attempts then 'failed'
  when j.run_at <= now() then 'waiting'
  else 'scheduled' end`;

const COLUMNS = sql`j.id::text as id, j.task_identifier as task, ${STATE} as state, j.attempts, j.max_attempts, j.last_error,
  j.run_at, j.created_at, j.updated_at, j.locked_by, j.locked_at, p.payload`;

// The public view leaves the payload out; it is read from the job's own row.
const FROM = sql`graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id`;

export async function listJobs(
  db: Executor,
  query: { state: JobState; task?: string; page: number; pageSize: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const where: SQL[] = [sql`${STATE} = ${query.state}`];
  if (query.task) where.push(sql`j.task_identifier = ${query.task}`);
  const condition = sql.join(where, sql` and `);
  // Failed and running jobs newest first (what an admin looks into); waiting and scheduled in the order they will run.
  const order = query.state === 'failed' || query.state === 'running' ? sql`j.updated_at desc, j.id desc` : sql`j.run_at, j.id`;
  const [rows, total] = await Promise.all([
    db.execute<JobRow>(
      sql`select ${COLUMNS} from ${FROM} where ${condition} order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker.jobs j where ${condition}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

export async function countByState(db: Executor): Promise<Record<JobState, number>> {
  const result = await db.execute<{ state: JobState; n: number }>(
    sql`select ${STATE} as state, count(*)::int as n from graphile_worker.jobs j group by 1`,
  );
  const counts: Record<JobState, number> = { failed: 0, running: 0, waiting: 0, scheduled: 0 };
  for (const row of result.rows) counts[row.state] = row.n;
  return counts;
}

export async function taskNames(db: Executor): Promise<string[]> {
  const result = await db.execute<{ identifier: string }>(
    sql`select distinct j.task_identifier as identifier from graphile_worker.jobs j order by 1`,
  );
  return result.rows.map((r) => r.identifier);
}

export async function findJob(db: Executor, id: string): Promise<JobRow | undefined> {
  const result = await db.execute<JobRow>(sql`select ${COLUMNS} from ${FROM} where j.id = ${id}::bigint`);
  return result.rows[0];
}

/** Makes a job due now with its tries counted afresh; nothing when a worker holds it. Returns whether it changed. */
export async function rescheduleNow(db: Executor, id: string): Promise<boolean> {
  const result = await db.execute(
    sql`select id from graphile_worker.reschedule_jobs(array[${id}::bigint], run_at => now(), attempts => 0)`,
  );
  return result.rows.length > 0;
}

/** Removes a job from the queue (graphile-worker's "complete"); nothing when a worker holds it. */
export async function removeJob(db: Executor, id: string): Promise<boolean> {
  const result = await db.execute(sql`select id from graphile_worker.complete_jobs(array[${id}::bigint])`);
  return result.rows.length > 0;
}

/** Forgets jobs that failed for good and were last touched before `before`. */
export async function removeFailedBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.execute(sql`
    select id from graphile_worker.complete_jobs(array(
      select j.id from graphile_worker.jobs j
      where j.locked_at is null and j.attempts >= j.max_attempts and j.updated_at < ${before.toISOString()}::timestamptz
    ))`);
  return result.rows.length;
}
