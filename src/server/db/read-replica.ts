import type { Config } from '../config/env';
import { isDatabaseUnavailable, watchAvailability } from './availability';
import { connectDatabase, databaseLimits, type Database, type DatabaseHandle, type DatabaseLimits } from './client';
import { createReplicaPosition, parseLsn } from './replica-position';

/** Runs read-only work on a database the source chooses (the primary, or a replica that has caught up). */
export type ReadSource = <T>(work: (db: Database) => Promise<T>) => Promise<T>;

/** What /api/health says of the replica. */
export interface ReplicaStatus {
  /** up: reads go there; behind: further behind than allowed; down: not answering; not a standby: not replaying a primary. */
  status: 'up' | 'behind' | 'down' | 'not a standby';
  /** Everything the primary had written this long ago is visible on the replica (null: unknown). */
  lagMs: number | null;
  /** WAL the primary has written that the replica has not replayed yet (null: unknown). */
  lagBytes: number | null;
  /** Reads of this process since it started, by the server that answered them. */
  reads: { replica: number; primary: number };
}

export interface ReadReplica {
  /**
   * Runs `work` (reads only, no transaction) on the replica when it has replayed everything the
   * caller must see, otherwise on the primary; when the replica fails it while away, on the primary.
   */
  read: ReadSource;
  status(): ReplicaStatus;
  close(): Promise<void>;
}

/**
 * The replica's own statement, asked every check: its replayed position; null on a server that is
 * not a standby (also one promoted since: its replayed position stays where recovery ended).
 */
const REPLICA_SQL = 'select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as lsn';
const PRIMARY_SQL = 'select pg_current_wal_lsn()::text as lsn';

/**
 * A hot standby for the storefront's catalogue reads (decision 34). A read goes to the replica only
 * when it answers and has replayed a WAL position the primary reported after `freshSince()` (when
 * this process last learned of a catalogue change: the response cache says) and at most `maxLagMs`
 * ago; otherwise to the primary. Both positions are read in the background every `checkMs` on
 * connections of their own, so a read costs no round trip to decide.
 */
export function connectReadReplica(options: {
  url: string;
  primary: DatabaseHandle;
  poolMax: number;
  limits: DatabaseLimits;
  probeTimeoutMs: number;
  checkMs: number;
  maxLagMs: number;
  freshSince: () => number;
  log?: (line: string) => void;
}): ReadReplica {
  const { primary, maxLagMs, freshSince, log = () => undefined } = options;
  const position = createReplicaPosition(maxLagMs);
  const reads = { replica: 0, primary: 0 };
  let behind = false;
  let notStandbyTold = false;

  const replica = connectDatabase(options.url, options.poolMax, {
    ...options.limits,
    // Decision 24's watch over the replica: while it does not answer its pool refuses at once and
    // the reads under way there are broken off (and run again on the primary). Its probe reads the replayed position.
    watch: {
      intervalMs: options.checkMs,
      timeoutMs: options.probeTimeoutMs,
      name: 'The read replica',
      log,
      sql: REPLICA_SQL,
      onAnswer: (row) => {
        const replayed = typeof row.lsn === 'string' ? parseLsn(row.lsn) : null;
        position.replayed(replayed);
        if (replayed === null && !notStandbyTold)
          log('The read replica is not a standby (not in recovery): catalogue reads stay on the primary');
        notStandbyTold = replayed === null;
        tellLag();
      },
    },
  });
  replica.availability?.onChange((up) => {
    if (!up) position.lost();
  });
  const primaryClock = watchAvailability({
    connection: { connectionString: primary.pool.options.connectionString, application_name: 'shop replica check' },
    intervalMs: options.checkMs,
    timeoutMs: options.probeTimeoutMs,
    sql: PRIMARY_SQL,
    onAnswer: (row, sentAt) => {
      if (typeof row.lsn === 'string') position.primaryAt(sentAt, parseLsn(row.lsn));
    },
  });

  /** A replica falling behind (or catching up again) is told once, like an outage. */
  function tellLag() {
    const lag = position.lag(performance.now());
    const now = lag.ms !== null && lag.ms > maxLagMs;
    if (now === behind) return;
    behind = now;
    log(
      now
        ? `The read replica is ${lag.ms} ms behind (more than ${maxLagMs} ms); catalogue reads go to the primary until it catches up`
        : 'The read replica has caught up; catalogue reads go to it again',
    );
  }

  const usable = () => replica.availability?.up !== false && position.reaches(freshSince(), performance.now());

  return {
    async read(work) {
      if (usable()) {
        try {
          const result = await work(replica.db);
          reads.replica += 1;
          return result;
        } catch (error) {
          // Gone, frozen, or a read cancelled by the replay it conflicted with: the primary answers instead.
          if (!isDatabaseUnavailable(error) && !isRecoveryConflict(error)) throw error;
        }
      }
      reads.primary += 1;
      return work(primary.db);
    },
    status() {
      const lag = position.lag(performance.now());
      const up = replica.availability?.up !== false && lag.standby !== null;
      return {
        status: !up ? 'down' : lag.standby === false ? 'not a standby' : lag.ms === null || lag.ms > maxLagMs ? 'behind' : 'up',
        lagMs: lag.ms,
        lagBytes: lag.bytes,
        reads: { ...reads },
      };
    },
    async close() {
      await primaryClock.stop();
      await replica.close();
    },
  };
}

/**
 * The replica of DATABASE_REPLICA_URL, or none (not configured, or a worker: it serves no storefront).
 * `freshSince`: the catalogue response cache's (what an answer computed now must include).
 */
export function replicaFromConfig(
  config: Config,
  primary: DatabaseHandle,
  options: { freshSince: () => number; log?: (line: string) => void },
): ReadReplica | undefined {
  if (!config.DATABASE_REPLICA_URL || config.SERVER_MODE === 'worker') return undefined;
  return connectReadReplica({
    ...options,
    url: config.DATABASE_REPLICA_URL,
    primary,
    poolMax: config.DATABASE_REPLICA_POOL_MAX,
    limits: databaseLimits(config),
    probeTimeoutMs: config.DB_PROBE_TIMEOUT_MS,
    checkMs: config.DATABASE_REPLICA_CHECK_MS,
    maxLagMs: config.DATABASE_REPLICA_MAX_LAG_MS,
  });
}

/**
 * PostgreSQL cancels a standby's query that holds back replay too long ("conflict with recovery":
 * class 40, 40001 or 40P01; nothing else on a read-only replica raises that class).
 */
function isRecoveryConflict(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('40')) return true;
  }
  return false;
}
