import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { healthSchema, livenessSchema, readinessSchema, type Health } from '~/shared/schemas/health';
import { DATABASE_RETRY_AFTER_SECONDS } from '~/shared/unavailable';
import type { DatabaseAvailability } from '../../db/availability';
import type { ReadReplica } from '../../db/read-replica';
import type { KeyValueStore } from '../../lib/kv-store';

/** Health answers within this, whatever the database and Redis do (decision 24). */
const CHECK_LIMIT_MS = 1_500;

async function timed(work: () => Promise<unknown> | boolean): Promise<{ ok: boolean; ms: number }> {
  const start = performance.now();
  let timeout: NodeJS.Timeout | undefined;
  try {
    const ok = await Promise.race([
      Promise.resolve(work()).then((result) => result !== false),
      new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(false), CHECK_LIMIT_MS);
      }),
    ]);
    return { ok, ms: Math.round((performance.now() - start) * 10) / 10 };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - start) };
  } finally {
    clearTimeout(timeout);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{
  pool: pg.Pool;
  /** The app's watch over the database, when it keeps one: asked instead of the pool, whose connections may all be busy. */
  availability?: DatabaseAvailability;
  store: KeyValueStore;
  cacheKind: 'redis' | 'memory';
  /** DATABASE_REPLICA_URL's replica: reported by /health, never a reason for readiness to fail (reads fall back to the primary). */
  replica?: Pick<ReadReplica, 'status'>;
}> = async (app, { pool, availability, store, cacheKind, replica }) => {
  // Known to be away: say so at once (load balancers poll these); the watch keeps probing meanwhile.
  const databaseAnswers = () => (availability ? availability.up && availability.probe() : pool.query('select 1'));

  app.get('/health', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Whether the app, its database and its cache answer',
      description:
        '200 when the database answers, 503 (within 2 seconds) when it does not. "degraded" when Redis or the read replica is away or the replica is behind.',
      response: { 200: healthSchema, 503: healthSchema },
    },
    handler: async (_request, reply) => {
      const [database, cache] = await Promise.all([timed(databaseAnswers), timed(() => store.ping())]);
      const replicaStatus = replica?.status();
      const body: Health = {
        status: database.ok && cache.ok && (replicaStatus?.status ?? 'up') === 'up' ? 'ok' : 'degraded',
        database: { status: database.ok ? 'up' : 'down', latencyMs: database.ok ? database.ms : null },
        cache: { kind: cacheKind, status: cache.ok ? 'up' : 'down' },
        ...(replicaStatus ? { replica: replicaStatus } : {}),
        uptimeSeconds: Math.round(process.uptime()),
      };
      if (!database.ok) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(database.ok ? 200 : 503).send(body);
    },
  });

  app.get('/health/live', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Liveness: the process answers (restart it when it does not); asks nothing of the database',
      response: { 200: livenessSchema },
    },
    handler: async () => ({ status: 'alive' as const, uptimeSeconds: Math.round(process.uptime()) }),
  });

  app.get('/health/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Readiness: send it requests (200), or not (503: its database does not answer, or it is stopping)',
      response: { 200: readinessSchema, 503: readinessSchema },
    },
    handler: async (_request, reply) => {
      if (app.lifecycle.draining) return reply.status(503).send({ status: 'not ready', reason: 'stopping' });
      const database = await timed(databaseAnswers);
      if (!database.ok) {
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ status: 'not ready', reason: 'database' });
      }
      return { status: 'ready' as const, reason: null };
    },
  });
};
