import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { healthSchema, type Health } from '~/shared/schemas/health';
import type { KeyValueStore } from '../../lib/kv-store';

async function timed<T>(work: () => Promise<T>): Promise<{ ok: boolean; ms: number }> {
  const start = performance.now();
  try {
    await work();
    return { ok: true, ms: Math.round((performance.now() - start) * 10) / 10 };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - start) };
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool; store: KeyValueStore; cacheKind: 'redis' | 'memory' }> = async (
  app,
  { pool, store, cacheKind },
) => {
  app.get('/health', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Whether the app, its database and its cache answer',
      description: '200 when the database answers, 503 when it does not.',
      response: { 200: healthSchema, 503: healthSchema },
    },
    handler: async (_request, reply) => {
      const [database, cache] = await Promise.all([
        timed(() => pool.query('select 1')),
        timed(async () => {
          if (!(await store.ping())) throw new Error('cache down');
        }),
      ]);
      const body: Health = {
        status: database.ok && cache.ok ? 'ok' : 'degraded',
        database: { status: database.ok ? 'up' : 'down', latencyMs: database.ok ? database.ms : null },
        cache: { kind: cacheKind, status: cache.ok ? 'up' : 'down' },
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(database.ok ? 200 : 503).send(body);
    },
  });
};
