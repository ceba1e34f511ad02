import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set while the app finishes its requests before stopping: readiness answers 503 meanwhile. */
    lifecycle: { draining: boolean };
  }
}

/** Gives the app its lifecycle state (read by the readiness check). */
export function registerLifecycle(app: FastifyInstance) {
  app.decorate('lifecycle', { draining: false });
}

/**
 * Stops taking requests and lets those in flight finish, for at most `timeoutMs`: new connections are
 * refused, a request arriving on a kept-alive connection is answered 503 (Fastify), readiness answers
 * 503. Whatever is still open after the time is cut off. Says whether everything finished in time.
 */
export async function drain(app: FastifyInstance, timeoutMs: number): Promise<{ drained: boolean; ms: number }> {
  const started = performance.now();
  app.lifecycle.draining = true;
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close().then(() => true);
  // A kept-alive connection whose request finishes during the drain would otherwise stay open until
  // its keep-alive timeout (72 s): close each as soon as it is idle.
  const idle = setInterval(() => app.server.closeIdleConnections(), 50);
  const drained = await Promise.race([
    closed,
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  clearInterval(idle);
  if (!drained) {
    app.server.closeAllConnections();
    await closed;
  }
  return { drained, ms: Math.round(performance.now() - started) };
}
