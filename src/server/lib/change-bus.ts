import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Tells every app process that something it may hold in memory changed (decision 32): the
 * catalogue's cached answers and pages, the dashboards' figures, the shop's settings. Redis
 * pub/sub when REDIS_URL is set, PostgreSQL's LISTEN/NOTIFY otherwise, so several processes on one
 * database agree with or without Redis.
 *
 * A message names a topic and nothing else: a process that hears it drops its copies and reads
 * again. While the bus is not receiving (its connection lost, the server away or frozen), messages
 * may be missed; when it receives again, every subscriber is called as if its topic had changed.
 */
export interface ChangeBus {
  /**
   * Tells the other processes that `topic` changed. This process's own subscribers are not called:
   * the caller has dropped its copies itself. Never throws (a write that committed must not fail
   * for this); a message that could not be sent is logged.
   */
  publish(topic: string): Promise<void>;
  /** Calls `listener` when another process publishes `topic`, and after messages may have been missed. Returns the unsubscribe. */
  subscribe(topic: string, listener: () => void): () => void;
  /** True while messages are being received: what the process holds locally can be trusted. */
  readonly live: boolean;
  close(): Promise<void>;
}

export interface ChangeBusOptions {
  /** How often the listening connection is checked (a frozen server never closes it). */
  heartbeatMs?: number;
  /** A check not answered within this counts as a lost connection. */
  heartbeatTimeoutMs?: number;
  /** Waits between two attempts to listen again: 250 ms, then doubling up to this. */
  maxRetryMs?: number;
  log?: (line: string) => void;
}

/** The PostgreSQL channel (NOTIFY reaches the listeners of the same database only). */
export const CHANGES_CHANNEL = 'shop_changes';
/** The listening connection's application_name in pg_stat_activity. */
export const LISTENER_NAME = 'shop change bus';

interface Message {
  /** The topic that changed. */
  t: string;
  /** The bus that sent it (its own messages are ignored). */
  o: string;
}

/** Topics, listeners, own-message filtering and the "may have missed some" call, shared by both transports. */
function createHub(log: (line: string) => void) {
  const origin = randomBytes(8).toString('hex');
  const listeners = new Map<string, Set<() => void>>();
  const call = (listener: () => void) => {
    try {
      listener();
    } catch (error) {
      log(`A change listener failed: ${(error as Error).message}`);
    }
  };
  return {
    log,
    encode: (topic: string) => JSON.stringify({ t: topic, o: origin } satisfies Message),
    deliver(raw: string) {
      let message: Partial<Message>;
      try {
        message = JSON.parse(raw) as Partial<Message>;
      } catch {
        return;
      }
      if (message.o === origin || typeof message.t !== 'string') return;
      for (const listener of listeners.get(message.t) ?? []) call(listener);
    },
    /** Messages may have been missed: every subscriber drops what it holds. */
    resync() {
      for (const set of listeners.values()) for (const listener of set) call(listener);
    },
    subscribe(topic: string, listener: () => void) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}

/** Rejects after `ms` (the caller's work goes on, unobserved). */
function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Keeps one listening connection open: opens it, checks it every heartbeat, and opens it again
 * after a loss (250 ms, then doubling up to `maxRetryMs`), calling `resync` once it listens again.
 */
function keepListening(
  hub: ReturnType<typeof createHub>,
  options: ChangeBusOptions & { what: string },
  connection: {
    /** Opens the connection and listens; resolves when messages are being received. */
    open(lost: (reason: string) => void): Promise<void>;
    /** One round trip on the listening connection. */
    check(): Promise<unknown>;
    /** Closes it at once (a frozen server would never answer a polite goodbye). */
    drop(): void;
  },
) {
  const { heartbeatMs = 5_000, heartbeatTimeoutMs = 1_000, maxRetryMs = 5_000, log = () => undefined, what } = options;
  let live = false;
  let closed = false;
  let lostOnce = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;
  /** Bumped at each (re)connection: a loss reported by an older one is ignored. */
  let generation = 0;

  const schedule = (ms: number, run: () => void) => {
    clearTimeout(timer);
    if (closed) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };

  const lose = (mine: number, reason: string) => {
    if (mine !== generation || closed) return;
    generation++;
    if (live) log(`${what} stopped receiving changes (${reason}); listening again`);
    else if (mine === 1) log(`${what} cannot listen for changes yet (${reason}); trying again`);
    if (live) lostOnce = true;
    live = false;
    connection.drop();
    schedule(retryMs, () => void connect());
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const heartbeat = (mine: number) =>
    schedule(heartbeatMs, () => {
      within(heartbeatTimeoutMs, connection.check(), 'check').then(
        () => mine === generation && heartbeat(mine),
        (error: Error) => lose(mine, error.message),
      );
    });

  async function connect() {
    if (closed) return;
    const mine = ++generation;
    try {
      await within(
        Math.max(heartbeatTimeoutMs, 2_000),
        connection.open((reason) => lose(mine, reason)),
        'listen',
      );
    } catch (error) {
      // Counted as a loss of this attempt: dropped, tried again later.
      lose(mine, (error as Error).message);
      return;
    }
    if (mine !== generation || closed) return;
    live = true;
    retryMs = 250;
    // Whatever was published while this process was not listening is unknown: drop everything
    // (at the first connection too: the process may have kept answers before it listened).
    if (lostOnce) log(`${what} receives changes again; local copies dropped`);
    hub.resync();
    heartbeat(mine);
  }

  const started = connect();
  return {
    started,
    get live() {
      return live;
    },
    close() {
      closed = true;
      live = false;
      clearTimeout(timer);
      connection.drop();
    },
  };
}

/** A bus from its listening side and how it sends a message. */
function busOver(
  hub: ReturnType<typeof createHub>,
  listening: ReturnType<typeof keepListening>,
  send: (payload: string) => Promise<unknown>,
  closeSender: () => void = () => undefined,
  /** Settles when the sending side's first connection attempt has (a change published before it is lost). */
  senderStarted: Promise<unknown> = Promise.resolve(),
): ChangeBus & { ready: Promise<void> } {
  return {
    ready: Promise.all([listening.started, senderStarted]).then(() => undefined),
    get live() {
      return listening.live;
    },
    subscribe: hub.subscribe,
    async publish(topic) {
      try {
        await send(hub.encode(topic));
      } catch (error) {
        hub.log(`Could not tell the other processes that ${topic} changed: ${(error as Error).message}`);
      }
    },
    async close() {
      listening.close();
      closeSender();
    },
  };
}

/** The bus over Redis pub/sub (REDIS_URL): one connection listens, one publishes. */
export function createRedisChangeBus(url: string, prefix: string, options: ChangeBusOptions = {}): ChangeBus & { ready: Promise<void> } {
  const log = options.log ?? (() => undefined);
  const hub = createHub(log);
  const channel = `${prefix}changes`;
  const common = { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1_000, lazyConnect: true } as const;
  const publisher = new Redis(url, { ...common, commandTimeout: 500, retryStrategy: (times) => Math.min(times * 200, 2_000) });
  publisher.on('error', () => undefined);
  const publisherStarted = publisher.connect().catch(() => undefined);
  let subscriber: Redis | undefined;

  const listening = keepListening(
    hub,
    { ...options, what: 'Redis pub/sub' },
    {
      async open(lost) {
        // A fresh connection each time: no reconnecting behind the bus's back, so a loss is always seen.
        const next = new Redis(url, { ...common, retryStrategy: () => null, autoResubscribe: false, connectionName: `${prefix}changes` });
        subscriber = next;
        next.on('error', () => undefined);
        next.on('close', () => lost('connection closed'));
        next.on('message', (_channel: string, message: string) => hub.deliver(message));
        await next.connect();
        await next.subscribe(channel);
      },
      check: async () => {
        if (!subscriber) throw new Error('not connected');
        return subscriber.ping();
      },
      drop() {
        subscriber?.disconnect();
        subscriber = undefined;
      },
    },
  );

  return busOver(
    hub,
    listening,
    (payload) => {
      if (publisher.status !== 'ready') throw new Error(`not connected (${publisher.status})`);
      return publisher.publish(channel, payload);
    },
    () => publisher.disconnect(),
    publisherStarted,
  );
}

/**
 * The bus over PostgreSQL's LISTEN/NOTIFY: a connection of its own listens (outside the pool,
 * whose connections come and go); messages are sent through the pool.
 */
export function createPgChangeBus(
  deps: { connection: pg.ClientConfig; notify: (channel: string, payload: string) => Promise<unknown> },
  options: ChangeBusOptions = {},
): ChangeBus & { ready: Promise<void> } {
  const log = options.log ?? (() => undefined);
  const hub = createHub(log);
  let client: pg.Client | undefined;

  const listening = keepListening(
    hub,
    { ...options, what: 'PostgreSQL LISTEN' },
    {
      async open(lost) {
        const next = new pg.Client({
          ...deps.connection,
          keepAlive: true,
          connectionTimeoutMillis: 2_000,
          application_name: LISTENER_NAME,
        });
        client = next;
        next.on('error', (error) => lost(error.message));
        next.on('end', () => lost('connection ended'));
        next.on('notification', (message) => {
          if (message.channel === CHANGES_CHANNEL && message.payload) hub.deliver(message.payload);
        });
        await next.connect();
        await next.query(`listen ${CHANGES_CHANNEL}`);
      },
      check: async () => {
        if (!client) throw new Error('not connected');
        return client.query('select 1');
      },
      drop() {
        const old = client;
        client = undefined;
        if (!old) return;
        (old as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        old.end().catch(() => undefined);
      },
    },
  );

  return busOver(hub, listening, (payload) => deps.notify(CHANGES_CHANNEL, payload));
}

/**
 * The bus a process uses: Redis pub/sub with REDIS_URL, else LISTEN/NOTIFY on the shop's database.
 * Its losses and recoveries are told through `options.log` (on stderr, like the database's and Redis's: decision 24).
 */
export function createChangeBus(
  config: { REDIS_URL?: string; REDIS_PREFIX: string },
  pool: pg.Pool,
  options: ChangeBusOptions = {},
): ChangeBus {
  if (config.REDIS_URL) return createRedisChangeBus(config.REDIS_URL, config.REDIS_PREFIX, options);
  return createPgChangeBus(
    {
      connection: { connectionString: pool.options.connectionString },
      notify: (channel, payload) => pool.query('select pg_notify($1, $2)', [channel, payload]),
    },
    options,
  );
}
