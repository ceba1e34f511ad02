import { DrizzleQueryError, sql, type SQLWrapper } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { sqlCaptureDir, type Config } from '../config/env';
import {
  DatabaseBusyError,
  DatabaseUnavailableError,
  watchAvailability,
  type AvailabilityOptions,
  type DatabaseAvailability,
} from './availability';
import { PreparingClient } from './prepared';
import { rowObjects, skipEmptyRowOfArrayResults } from './row-objects';
import { ShapedStatement, dialect } from './shaped-statements';
import { captureStatements } from './sql-capture';

export type Database = NodePgDatabase;

/** A transaction or the database itself: repo functions work inside either, so callers choose the transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /** The database's address: for work on a connection of its own, outside the pool (decision 52's sealing at start). */
  url: string;
  /** Whether the database answers; `undefined` state means "not watched" (always up). Decision 24. */
  availability: DatabaseAvailability | undefined;
  close(): Promise<void>;
}

/** Time limits of every connection (decision 24). */
export interface DatabaseLimits {
  /** Opening a connection that takes longer than this fails: the database is away or frozen. */
  connectTimeoutMs: number;
  /**
   * Waiting longer than this for one of the pool's connections to come free fails with
   * DatabaseBusyError (decision 39). 10 s when not given: a busy shop is not a database outage.
   */
  poolWaitMs?: number;
  /** PostgreSQL cancels a statement running longer than this. */
  statementTimeoutMs: number;
  /**
   * Watch the database with a probe of its own (the app does; one-off commands and most tests do not):
   * while it does not answer, queries fail at once and the ones under way are broken off.
   */
  watch?: Pick<AvailabilityOptions, 'intervalMs' | 'timeoutMs' | 'log' | 'name' | 'sql' | 'onAnswer'>;
  /**
   * Send the statements marked with `prepared()` as named prepared statements (decision 38). Off for a
   * pooler in transaction mode that does not keep them (PgBouncer before 1.21).
   */
  preparedStatements?: boolean;
}

const DEFAULT_POOL_WAIT_MS = 10_000;
export const DEFAULT_LIMITS: DatabaseLimits = { connectTimeoutMs: 2_000, statementTimeoutMs: 15_000, poolWaitMs: DEFAULT_POOL_WAIT_MS };

/** The limits the configuration sets (the watch, which only the app keeps, aside). */
export function databaseLimits(
  config: Pick<Config, 'DB_CONNECT_TIMEOUT_MS' | 'DB_POOL_WAIT_MS' | 'DB_STATEMENT_TIMEOUT_MS' | 'DB_PREPARED_STATEMENTS'>,
): DatabaseLimits {
  return {
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    poolWaitMs: config.DB_POOL_WAIT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    preparedStatements: config.DB_PREPARED_STATEMENTS,
  };
}

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/** Closes a connection's socket at once: a frozen server would never answer a polite Terminate. */
function destroy(client: pg.Client | pg.PoolClient) {
  (client as unknown as { connection?: { stream?: { destroy(error?: Error): void } } }).connection?.stream?.destroy(
    new DatabaseUnavailableError(),
  );
}

/**
 * Hands a client out so that the pool gets it back even when its borrower forgets: a connection
 * that ends while lent is given back at once (as broken, so the pool drops it and may open a new
 * one), and giving back twice is harmless. Drizzle's `transaction` never gives back a client whose
 * BEGIN failed (a connection lost just then): without this each outage could leak a connection
 * for good, and after ten the pool would refuse everything although the database is back.
 */
function lend(client: pg.PoolClient): pg.PoolClient {
  const giveBack = client.release.bind(client);
  let returned = false;
  const lost = () => client.release(new DatabaseUnavailableError());
  client.release = (error?: Error | boolean) => {
    if (returned) return;
    returned = true;
    client.removeListener('end', lost);
    giveBack(error);
  };
  client.once('end', lost);
  return client;
}

/**
 * A pool that refuses at once, instead of queueing, while the database is known to be away,
 * and breaks off the connections it has when the database stops answering. Waiting for a free
 * connection has a limit of its own (`waitMs`), longer than opening one: node-postgres's pool
 * knows one limit for both, so it is given none and the clients time their own connecting.
 */
class GuardedPool extends pg.Pool {
  down = false;
  /** Settles every caller still waiting for a connection when the database goes away. */
  private waiting = new Set<(error: Error) => void>();
  readonly clients = new Set<pg.PoolClient>();

  constructor(
    config: pg.PoolConfig,
    private readonly waitMs: number,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const promise = this.guardedConnect();
    if (!callback) return promise;
    promise.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error),
    );
  }

  private guardedConnect(): Promise<pg.PoolClient> {
    if (this.down) return Promise.reject(new DatabaseUnavailableError());
    return new Promise<pg.PoolClient>((resolve, reject) => {
      /** Why the caller stopped waiting: a connection that comes after that is closed (away) or given back (busy). */
      let gaveUp: 'away' | 'busy' | undefined;
      const abandon = (error: Error) => {
        gaveUp = error instanceof DatabaseBusyError ? 'busy' : 'away';
        clearTimeout(timer);
        this.waiting.delete(abandon);
        reject(error);
      };
      const timer = setTimeout(() => abandon(new DatabaseBusyError(this.waitMs)), this.waitMs);
      this.waiting.add(abandon);
      super.connect().then(
        (client) => {
          if (gaveUp) return client.release(gaveUp === 'away');
          clearTimeout(timer);
          this.waiting.delete(abandon);
          resolve(lend(client));
        },
        (error: Error) => {
          if (!gaveUp) abandon(error);
        },
      );
    });
  }

  /** The database stopped answering: fail the callers waiting for a connection and break off the connections. */
  markDown() {
    this.down = true;
    for (const abandon of [...this.waiting]) abandon(new DatabaseUnavailableError());
    for (const client of this.clients) destroy(client);
  }
}

/** node-postgres's client class `Base`, opening its connection within `connectTimeoutMs`. */
function connectingWithin(Base: typeof pg.Client, connectTimeoutMs: number): typeof pg.Client {
  return class extends Base {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectTimeoutMs });
    }
  };
}

/** Opens a connection pool with time limits (decision 24) and the Drizzle client over it. */
export function connectDatabase(url: string, poolMax = 10, limits: DatabaseLimits = DEFAULT_LIMITS): DatabaseHandle {
  skipEmptyRowOfArrayResults();
  const connection: pg.ClientConfig = {
    connectionString: url,
    statement_timeout: limits.statementTimeoutMs,
    // Client-side limit, for a server that cannot even cancel (frozen) when nothing watches it.
    query_timeout: limits.statementTimeoutMs + 5_000,
    // A transaction left open by a broken-off request does not hold its locks for long.
    idle_in_transaction_session_timeout: Math.max(60_000, limits.statementTimeoutMs * 2),
    keepAlive: true,
  };
  const pool = new GuardedPool(
    {
      ...connection,
      max: poolMax,
      // Reads by key as prepared statements (decision 38); opening a connection within its own limit (decision 39).
      Client: connectingWithin(limits.preparedStatements ? PreparingClient : pg.Client, limits.connectTimeoutMs),
    },
    limits.poolWaitMs ?? DEFAULT_POOL_WAIT_MS,
  );
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    pool.clients.add(client);
    // Nor may a client that loses it while a request holds it: its query fails, the pool drops it on release.
    client.on('error', () => undefined);
    client.on('end', () => pool.clients.delete(client));
  });
  pool.on('remove', (client) => pool.clients.delete(client));
  const captureDir = sqlCaptureDir();
  if (captureDir) captureStatements(pool, captureDir);

  const availability = limits.watch ? watchAvailability({ ...limits.watch, connection }) : undefined;
  availability?.onChange((up) => {
    if (up) pool.down = false;
    else pool.markDown();
  });

  const db = drizzle(pool, { casing: 'snake_case' });
  db.execute = executeOnPool(pool) as Database['execute'];
  return {
    db,
    pool,
    url,
    availability,
    async close() {
      await availability?.stop();
      await pool.end();
    },
  };
}

/** What Drizzle's node-postgres driver hands back as text for a raw statement: dates, times and intervals (and their arrays). */
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const asText = (value: string) => value;
const RAW_TYPES = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId) ? asText : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/**
 * `db.execute` of a statement written with `sql`, sent straight to the pool (decision 40). Drizzle's
 * own builds an object with two parser closures for every statement and passes it through six
 * `async` layers of tracing and caching that this app uses neither of, and each of them keeps the
 * statement's tree of fragments alive while the request waits for a connection: under load, the
 * garbage collector copied all of it from one young generation to the next. Here the statement is
 * turned into its text and values before anything waits, so only those are kept. The answer is the
 * same (node-postgres's result, dates as text, rows as objects built by `rowObjects`) and a failure
 * is wrapped as Drizzle wraps it. Transactions keep Drizzle's own.
 */
function executeOnPool(pool: pg.Pool) {
  const asObjects = rowObjects();
  const send = async (text: string, params: unknown[]) => {
    try {
      return asObjects(await pool.query<unknown[]>({ text, values: params, types: RAW_TYPES, rowMode: 'array' }));
    } catch (error) {
      throw new DrizzleQueryError(text, params, error as Error);
    }
  };
  return (query: SQLWrapper | string) => {
    if (query instanceof ShapedStatement) return send(query.text, query.params);
    const { sql: text, params } = dialect.sqlToQuery(typeof query === 'string' ? sql.raw(query) : query.getSQL());
    return send(text, params);
  };
}
