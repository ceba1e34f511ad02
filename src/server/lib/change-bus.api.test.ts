import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../db/embedded';
import { testRedis, type TestRedis } from '../test/redis';
import { until } from '../test/until';
import { createPgChangeBus, createRedisChangeBus, LISTENER_NAME, type ChangeBus } from './change-bus';

/**
 * The change bus between app processes (decision 32), each bus standing for one process: over
 * PostgreSQL's LISTEN/NOTIFY on a database of this file's own, and over Redis pub/sub under a
 * prefix of its own. Losing the listening connection must end in "drop everything" once it
 * listens again, since messages may have been missed meanwhile.
 */

// Quick to notice and to retry; a check's answer may take up to 2 s on a loaded CI machine before the
// bus counts the connection lost (a false alarm would make it drop everything, which these tests count).
// What the buses log during a test (a change they could not send, a lost connection) is shown when a
// delivery fails, each line with its bus's number (buses of earlier tests stay open until the end).
const logged: string[] = [];
const fast = () => {
  const name = `bus ${buses.length + 1}`;
  return { heartbeatMs: 200, heartbeatTimeoutMs: 2_000, maxRetryMs: 500, log: (line: string) => logged.push(`${name}: ${line}`) };
};
/** How long a change may take to arrive here: prompt, but a test is no benchmark (a loaded machine is slow). */
const DELIVERY_MS = 5_000;
let admin: pg.Client;
let database: string;
let pool: pg.Pool;
let redis: TestRedis;
const buses: ChangeBus[] = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('serverUrl') });
  await admin.connect();
  database = `change_bus_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${database}`);
  pool = new pg.Pool({ connectionString: withDatabase(inject('serverUrl'), database), max: 2 });
  pool.on('error', () => undefined);
  redis = await testRedis();
});

beforeEach(() => {
  logged.length = 0;
});

afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await pool.end();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
  await redis.stop();
});

function pgBus() {
  const bus = createPgChangeBus(
    {
      connection: { connectionString: withDatabase(inject('serverUrl'), database) },
      notify: (channel, payload) => pool.query('select pg_notify($1, $2)', [channel, payload]),
    },
    fast(),
  );
  buses.push(bus);
  return bus;
}

function redisBus(prefix: string) {
  const bus = createRedisChangeBus(redis.url.toString(), prefix, fast());
  buses.push(bus);
  return bus;
}

const newPrefix = () => `test:bus:${randomBytes(4).toString('hex')}:`;

/** Counts the calls of a topic's listener. */
function heard(bus: ChangeBus, topic: string) {
  const calls = { count: 0 };
  bus.subscribe(topic, () => (calls.count += 1));
  return calls;
}

/** Two processes: a change published by one reaches the other's listeners of that topic only. */
async function expectDelivered(a: ChangeBus, b: ChangeBus, elsewhere?: ChangeBus) {
  const onA = heard(a, 'catalogue-cache');
  const onB = heard(b, 'catalogue-cache');
  const otherTopic = heard(b, 'settings');
  const onElsewhere = elsewhere ? heard(elsewhere, 'catalogue-cache') : undefined;
  await a.publish('catalogue-cache');
  await until(() => onB.count === 1, DELIVERY_MS, 'the other process hearing of the change').catch((error: Error) => {
    throw new Error(`${error.message}; the buses logged: ${logged.join(' | ') || 'nothing'}`);
  });
  // Anything that would still arrive has had its chance.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(onA.count, 'the process that made the change dropped its copies itself').toBe(0);
  expect(otherTopic.count).toBe(0);
  expect(onElsewhere?.count ?? 0, 'another shop on the same Redis hears nothing').toBe(0);
}

/** After its listening connection was cut: listening again, every subscriber told to drop what it holds, messages arriving again. */
async function expectRecovered(a: ChangeBus, b: ChangeBus, cut: () => Promise<void>) {
  const onB = heard(b, 'settings');
  await cut();
  await until(() => onB.count >= 1 && b.live, DELIVERY_MS + 3_000, 'the bus listening again and dropping what it holds');
  const after = onB.count;
  await a.publish('settings');
  await until(() => onB.count > after, DELIVERY_MS, 'a change made after the reconnection arriving');
}

describe('the change bus over PostgreSQL LISTEN/NOTIFY', () => {
  it('tells the other process of a change, and not the one that made it', async () => {
    const [a, b] = [pgBus(), pgBus()];
    await Promise.all([a.ready, b.ready]);
    expect(b.live).toBe(true);
    await expectDelivered(a, b);
  });

  it('listens again after its connection is cut, and drops what it holds', async () => {
    const [a, b] = [pgBus(), pgBus()];
    await Promise.all([a.ready, b.ready]);
    await expectRecovered(a, b, async () => {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2',
        [database, LISTENER_NAME],
      );
      expect(rowCount).toBeGreaterThanOrEqual(2);
    });
  });
});

describe('the change bus over Redis pub/sub', () => {
  it('tells the other process of the same shop, and no process of another prefix', async () => {
    const prefix = newPrefix();
    const [a, b, elsewhere] = [redisBus(prefix), redisBus(prefix), redisBus(newPrefix())];
    await Promise.all([a.ready, b.ready, elsewhere.ready]);
    expect(b.live).toBe(true);
    await expectDelivered(a, b, elsewhere);
  });

  it('subscribes again after its connection is killed, and drops what it holds', async () => {
    const prefix = newPrefix();
    const [a, b] = [redisBus(prefix), redisBus(prefix)];
    await Promise.all([a.ready, b.ready]);
    await expectRecovered(a, b, async () => {
      const direct = new Redis(redis.url.toString());
      try {
        const ids = String(await direct.call('CLIENT', 'LIST', 'TYPE', 'pubsub'))
          .split('\n')
          .filter((line) => line.includes(` name=${prefix}changes `))
          .map((line) => /\bid=(\d+)/.exec(line)![1]!);
        expect(ids.length).toBe(2);
        for (const id of ids) await direct.client('KILL', 'ID', id);
      } finally {
        direct.disconnect();
      }
    });
  });
});
