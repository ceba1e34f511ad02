import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../../config/env';
import { AppError } from '../../lib/app-error';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Prometheus text at /metrics: request durations by route and status, plus Node's own
 * metrics. Open to loopback callers, or to anyone with `Authorization: Bearer METRICS_TOKEN`.
 */
export async function registerMetrics(app: FastifyInstance, config: Config) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const token = config.METRICS_TOKEN;
      const allowed = token ? request.headers.authorization === `Bearer ${token}` : LOOPBACK.has(request.socket.remoteAddress ?? '');
      if (!allowed) throw new AppError('FORBIDDEN', 'Metrics are only available to the monitoring system.');
      reply.type(registry.contentType);
      return registry.metrics();
    },
  });
}
