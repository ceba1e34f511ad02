import pg from 'pg';

/**
 * Thrown instead of waiting when the database is known to be away (decision 24): the error
 * handler answers it with 503 and Retry-After.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(message = 'The database is not answering') {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Every connection of the pool stayed in use longer than the pool lets a caller wait (decision 39):
 * the database answers, the shop is busy. Still a 503 with Retry-After, with words that say so.
 */
export class DatabaseBusyError extends DatabaseUnavailableError {
  constructor(waitedMs: number) {
    super(`No database connection came free within ${waitedMs} ms`);
    this.name = 'DatabaseBusyError';
  }
}

/** An error and its causes (Drizzle wraps the driver's errors), at most five deep. */
function* errorAndCauses(error: unknown): Generator<unknown> {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

/** Whether `error` or one of its causes is a DatabaseBusyError. */
export function isDatabaseBusy(error: unknown): boolean {
  for (const e of errorAndCauses(error)) if (e instanceof DatabaseBusyError) return true;
  return false;
}

export interface AvailabilityOptions {
  /** Connection settings of the probe's own connection (the pool's may all be busy or stuck). */
  connection: pg.ClientConfig;
  /** Time between two probes. */
  intervalMs: number;
  /** A probe not answered within this counts as "down". */
  timeoutMs: number;
  log?: (line: string) => void;
  /** What the log lines call the server ("The database" by default). */
  name?: string;
  /** The probe's statement ("select 1" by default): a probe may also read what it watches (a replica's WAL position). */
  sql?: string;
  /** Each answer of a probe in time: its first row, and when (performance.now()) the statement was sent. */
  onAnswer?: (row: Record<string, unknown>, sentAt: number) => void;
}

export interface DatabaseAvailability {
  /** False from the first failed probe until the next one that succeeds. */
  readonly up: boolean;
  /** Whether it was away at any moment since `since` (performance.now()): away now, or back only since then. */
  awaySince(since: number): boolean;
  /** Called with the new state each time it changes. */
  onChange(listener: (up: boolean) => void): void;
  /**
   * One probe now (also used by /api/health); resolves with whether the database answered in time.
   * It joins a probe under way, unless that one started before `startedFrom` (performance.now()):
   * then it waits for it and probes anew.
   */
  probe(startedFrom?: number): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Watches the database with `select 1` on a connection of its own, every `intervalMs`. A
 * frozen server (SIGSTOP, a full disk, a network partition) never answers nor closes the
 * socket: only a probe with a time limit sees it within seconds.
 */
export function watchAvailability(options: AvailabilityOptions): DatabaseAvailability {
  const { intervalMs, timeoutMs, log = () => undefined, name = 'The database', sql = 'select 1', onAnswer } = options;
  const listeners: ((up: boolean) => void)[] = [];
  let up = true;
  let client: pg.Client | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const drop = () => {
    const old = client;
    client = undefined;
    if (!old) return;
    // Ending politely would wait for a frozen server; the socket is simply closed.
    (old as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    old.end().catch(() => undefined);
  };

  let backAt = Number.NEGATIVE_INFINITY;
  const set = (next: boolean, reason?: string) => {
    if (next === up) return;
    up = next;
    if (next) backAt = performance.now();
    log(next ? `${name} answers again` : `${name} is not answering (${reason ?? 'no answer'})`);
    for (const listener of listeners) listener(next);
  };

  /** `attempt.over`: the probe that started this has given up; it must not open a connection any more. */
  const connectAndAsk = async (fresh: boolean, attempt: { over: boolean }) => {
    if (!client || fresh) {
      if (attempt.over) throw new Error('probe over');
      drop();
      const next = new pg.Client({ ...options.connection, connectionTimeoutMillis: timeoutMs });
      // A dropped probe connection must never crash the process.
      next.on('error', () => undefined);
      client = next;
      await next.connect();
    }
    const sentAt = performance.now();
    const result = await client.query<Record<string, unknown>>(sql);
    // An answer after the probe gave up is not reported: the verdict was already "down".
    if (!attempt.over) onAnswer?.(result.rows[0] ?? {}, sentAt);
  };

  const once = async (): Promise<boolean> => {
    let timeout: NodeJS.Timeout | undefined;
    const attempt = { over: false };
    try {
      await Promise.race([
        (async () => {
          const reused = client !== undefined;
          try {
            await connectAndAsk(false, attempt);
          } catch (error) {
            // The connection kept from the last probe may have died with a server that has since
            // come back (a restart between two probes): only a fresh one says whether it answers.
            if (!reused) throw error;
            await connectAndAsk(true, attempt);
          }
        })(),
        new Promise((_, reject) => {
          // The verdict waits for the I/O of this turn of the event loop: after a stall of this
          // process (not of the database) the answer may already be waiting in the socket.
          timeout = setTimeout(() => setImmediate(() => reject(new Error(`no answer within ${timeoutMs} ms`))), timeoutMs);
        }),
      ]);
      set(true);
      return true;
    } catch (error) {
      drop();
      set(false, (error as Error).message);
      return false;
    } finally {
      attempt.over = true;
      clearTimeout(timeout);
    }
  };

  /** When the probe under way started (performance.now()). */
  let runningSince = Number.NEGATIVE_INFINITY;
  const probe = (startedFrom = Number.NEGATIVE_INFINITY): Promise<boolean> => {
    if (running && runningSince < startedFrom) return running.then(() => probe(startedFrom));
    if (!running) {
      runningSince = performance.now();
      running = once().finally(() => {
        running = undefined;
      });
    }
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void probe().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    get up() {
      return up;
    },
    awaySince(since) {
      return !up || backAt >= since;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    probe,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      drop();
    },
  };
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  // A client's own limit on connecting (the pool leaves connecting to its clients, decision 39).
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
  'terminating connection',
];

/**
 * Whether an error (or one of its causes, as Drizzle wraps driver errors) means the database
 * could not be reached or did not answer in time, rather than refusing this one query.
 *  - pg's own: connection refused or reset, connect timeout, query read timeout;
 *  - PostgreSQL's: class 08 (connection exception), 57P01–57P03 (shutting down, cannot connect now),
 *    53300 (too many connections), 57014 (statement cancelled by statement_timeout).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorAndCauses(error)) {
    if (e instanceof DatabaseUnavailableError) return true;
    if (!(e instanceof Error)) return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_ERROR_CODES.has(code)) return true;
      if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300' || code === '57014') {
        return true;
      }
    }
    if (CONNECTION_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}
