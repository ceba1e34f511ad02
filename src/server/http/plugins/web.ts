import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isKnownPage } from '~/shared/paths';
import { AppError } from '../app-error';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every page
 * path (HTTP 404 for paths that are no page, so crawlers see it), JSON 404 under /api.
 */
export async function registerWeb(app: FastifyInstance, webDir: string | undefined) {
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError('NOT_FOUND', `There is no API route ${request.method} ${pathname}.`);
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !hasWeb) {
      throw new AppError('NOT_FOUND', `Nothing is at ${pathname}.`);
    }
    reply.header('cache-control', 'no-cache');
    return reply.status(isKnownPage(pathname) ? 200 : 404).sendFile('index.html');
  });
}
