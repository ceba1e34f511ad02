import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isKnownPage } from '~/shared/paths';
import type { Seo } from '../../modules/catalogue/seo';
import { renderHead } from '../../modules/catalogue/seo';
import { AppError } from '../app-error';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every page
 * path (HTTP 404 for paths that are no page, so crawlers see it), JSON 404 under /api and /media.
 */
export async function registerWeb(app: FastifyInstance, webDir: string | undefined, seo?: Seo) {
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  // The built page is static; product, category and search pages get their own <head> written into it.
  const template = hasWeb ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : '';

  if (seo) {
    app.get('/sitemap.xml', { config: { access: 'public' } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8');
      return seo.sitemapXml();
    });
    app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8');
      return seo.robotsTxt();
    });
  }

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
    // Media paths are files, never pages: a missing one is a JSON 404, not the app's HTML.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !hasWeb || pathname === '/media' || pathname.startsWith('/media/')) {
      throw new AppError('NOT_FOUND', `Nothing is at ${pathname}.`);
    }
    reply.header('cache-control', 'no-cache');
    const known = isKnownPage(pathname);
    const head = known && seo ? await seo.headFor(pathname, new URL(request.url, 'http://x').searchParams) : undefined;
    if (head) return reply.status(head.status).type('text/html; charset=utf-8').send(renderHead(template, head));
    return reply.status(known ? 200 : 404).sendFile('index.html');
  });
}
