import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isKnownPage } from '~/shared/paths';
import { AppError } from '../../lib/app-error';

/** What the web plugin asks of the pages' metadata; the catalogue's SEO provides it. */
export interface PageMetadata {
  sitemapXml(): Promise<string>;
  robotsTxt(): string | Promise<string>;
  /** The built index.html with the page's own <head> written in, and the page's status; undefined when it has none. */
  render(pathname: string, params: URLSearchParams, template: string): Promise<{ status: number; html: string } | undefined>;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every page
 * path (HTTP 404 for paths that are no page, so crawlers see it), JSON 404 under /api and /media.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDir: string | undefined,
  seo?: PageMetadata,
  options: { canonicalUrl?: string } = {},
) {
  const canonical = options.canonicalUrl ? new URL(options.canonicalUrl) : undefined;
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
    // A page asked for at another address than the shop's own (127.0.0.1 for localhost, say) goes to the
    // shop's own first: the cart, the sign-in cookie and the payment provider's way back all live there.
    if (canonical && request.host.toLowerCase() !== canonical.host) {
      reply.header('cache-control', 'no-store');
      return reply.redirect(`${canonical.origin}${request.url}`, 302);
    }
    reply.header('cache-control', 'no-cache');
    const known = isKnownPage(pathname);
    const page = known && seo ? await seo.render(pathname, new URL(request.url, 'http://x').searchParams, template) : undefined;
    if (page) return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
    return reply.status(known ? 200 : 404).sendFile('index.html');
  });
}
