import { makeWorkerUtils } from 'graphile-worker';
import type pg from 'pg';

/** The first half of the advisory-lock keys that say "this worker pool is alive" (the second is the pool id's hash). */
const LIVENESS_LOCK_CLASS = 7_202_033;
/** A pool takes its lock within milliseconds of starting; jobs locked more recently than this are never judged. */
const GRACE_SECONDS = 5;

/**
 * graphile-worker leaves the jobs of a worker that was killed (kill -9, a lost machine) locked for four
 * hours before another may run them. Here each worker pool holds a session advisory lock named after
 * its id on a connection of its own for as long as it lives; PostgreSQL releases it the moment that
 * session ends. Every `intervalMs`, and at once when starting, jobs locked by a pool whose lock can be
 * taken are handed back with graphile-worker's `forceUnlockWorkers`, so they run again within seconds
 * (a restarted worker picks up its predecessor's job at start). Decision 33.
 */
export async function watchWorkerLiveness(options: {
  pool: pg.Pool;
  poolId: string;
  intervalMs: number;
  /** Jobs locked less than this long ago are left alone (default 5 s). */
  graceSeconds?: number;
  onReleased: (deadPoolIds: string[], jobs: number) => void;
  onError: (error: unknown) => void;
}): Promise<{ stop(): Promise<void> }> {
  const { pool, poolId } = options;
  const utils = await makeWorkerUtils({ pgPool: pool });
  let client: pg.PoolClient | undefined;
  let stopped = false;

  async function holdOwnLock() {
    if (client) return;
    const connection = await pool.connect();
    connection.on('error', () => undefined);
    // A lost connection loses the lock with it: take it again on the next round.
    connection.once('end', () => {
      if (client === connection) client = undefined;
    });
    await connection.query('select pg_advisory_lock($1, hashtext($2))', [LIVENESS_LOCK_CLASS, poolId]);
    client = connection;
  }

  async function releaseDeadPools() {
    await holdOwnLock();
    // Jobs, and the named queues a job of theirs holds (one vendor's imports run one at a time).
    const { rows } = await pool.query<{ locked_by: string; jobs: number }>(
      `select locked_by, count(*)::int as jobs from (
         select locked_by, locked_at from graphile_worker._private_jobs where locked_by is not null
         union all
         select locked_by, locked_at from graphile_worker._private_job_queues where locked_by is not null
       ) locked
       where locked_by <> $1 and locked_at < now() - make_interval(secs => $2)
       group by locked_by`,
      [poolId, options.graceSeconds ?? GRACE_SECONDS],
    );
    const dead: string[] = [];
    let jobs = 0;
    for (const row of rows) {
      // Taken means nobody holds it: that pool's session is gone. Given back at once.
      const { rows: taken } = await client!.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [
        LIVENESS_LOCK_CLASS,
        row.locked_by,
      ]);
      if (!taken[0]?.ok) continue;
      await client!.query('select pg_advisory_unlock($1, hashtext($2))', [LIVENESS_LOCK_CLASS, row.locked_by]);
      dead.push(row.locked_by);
      jobs += row.jobs;
    }
    if (dead.length > 0) {
      await utils.forceUnlockWorkers(dead);
      options.onReleased(dead, jobs);
    }
  }

  let running: Promise<void> = releaseDeadPools().catch(options.onError);
  await running;
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? undefined : releaseDeadPools().catch(options.onError)));
  }, options.intervalMs);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      const connection = client;
      client = undefined;
      // Releasing the connection ends the session and with it the lock.
      connection?.release(true);
      await utils.release();
    },
  };
}
