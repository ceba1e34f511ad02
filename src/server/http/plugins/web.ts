import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownPage } from '~/shared/paths';
import { AppError } from '../../lib/app-error';
import type { ResponseCache } from '../../lib/response-cache';
import { assemblePage, connectRenderer, type ServerRendererModule } from './page-renderer';

/** What the web plugin asks of the pages' metadata; the catalogue's SEO provides it. */
export interface PageMetadata {
  sitemapXml(): Promise<string>;
  robotsTxt(): string | Promise<string>;
  /** The built index.html with the page's own <head> written in, and the page's status; undefined when it has none. */
  render(pathname: string, params: URLSearchParams, template: string): Promise<{ status: number; html: string } | undefined>;
}

/** The storefront's public pages the server renders (decision 29; the loaders of src/web/app/page-data.ts). */
const SERVER_RENDERED_PATHS = [
  '/',
  '/products',
  '/category/:category',
  '/search',
  '/product/:id',
  '/compare',
  '/about',
  '/returns',
  '/privacy',
  '/terms',
];

/** A rendered page as the page cache keeps it. */
interface CachedPage {
  status: number;
  html: string;
}

/**
 * Serves the built web app: hashed assets cached for a year, the storefront's public pages rendered
 * on the server (decision 29) and cached like the API's answers, index.html for every other page
 * path (HTTP 404 for paths that are no page, so crawlers see it), JSON 404 under /api and /media.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDir: string | undefined,
  seo?: PageMetadata,
  options: {
    canonicalUrl?: string;
    /** The server renderer (dist/web-ssr/entry-server.js); without it every page is rendered in the browser. */
    renderer?: ServerRendererModule;
    /** The response cache, shared with the catalogue's answers: its invalidation makes rendered pages stale too. */
    cache?: ResponseCache;
    /** The origin the renderer's URLs carry (the shop's PUBLIC_URL). */
    publicUrl?: string;
  } = {},
) {
  const canonical = options.canonicalUrl ? new URL(options.canonicalUrl) : undefined;
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  // The built page is static; product, category and search pages get their own <head> written into it.
  const template = hasWeb ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : '';
  const origin = new URL(options.publicUrl ?? 'http://localhost').origin;
  const renderer = hasWeb && options.renderer ? connectRenderer(options.renderer, app, new URL(origin).host) : undefined;

  /**
   * The page at `url` rendered with its data, from the cache when it is there; undefined for the
   * pages the browser renders (guarded ones, the consoles) and when rendering failed (the API away):
   * the browser then renders the page itself and shows what went wrong, with Retry.
   */
  async function renderPage(url: string, pathname: string): Promise<(CachedPage & { cache: 'hit' | 'miss' }) | undefined> {
    if (!renderer) return undefined;
    const key = options.cache?.enabled ? `${await options.cache.version()}:page:${url}` : undefined;
    const cached = key ? await options.cache!.get(key) : null;
    if (cached !== null) return { ...(JSON.parse(cached) as CachedPage), cache: 'hit' };
    const result = await renderer(new URL(url, origin));
    if (result.kind !== 'page') return undefined;
    const head = seo ? await seo.render(pathname, new URL(url, origin).searchParams, template) : undefined;
    const page: CachedPage = {
      status: Math.max(result.status, head?.status ?? 200),
      html: assemblePage(head?.html ?? template, result),
    };
    // A page whose data partly failed is not kept: the next visitor gets a fresh try.
    if (key && result.hydrate) await options.cache!.set(key, JSON.stringify(page));
    return { ...page, cache: 'miss' };
  }

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

  /** A page of the web app: rendered on the server when it is a public one, else the app's index.html. */
  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    // A page asked for at another address than the shop's own (127.0.0.1 for localhost, say) goes to the
    // shop's own first: the cart, the sign-in cookie and the payment provider's way back all live there.
    if (canonical && request.host.toLowerCase() !== canonical.host) {
      reply.header('cache-control', 'no-store');
      return reply.redirect(`${canonical.origin}${request.url}`, 302);
    }
    reply.header('cache-control', 'no-cache');
    const known = isKnownPage(pathname);
    if (known && renderer) {
      const rendered = await renderPage(request.url, pathname).catch((error: unknown) => {
        request.log.warn({ err: error, url: request.url }, 'server rendering failed; the browser renders the page');
        return undefined;
      });
      if (rendered) {
        return reply.header('x-cache', rendered.cache).status(rendered.status).type('text/html; charset=utf-8').send(rendered.html);
      }
    }
    const page = known && seo ? await seo.render(pathname, new URL(request.url, 'http://x').searchParams, template) : undefined;
    if (page) return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
    return reply.status(known ? 200 : 404).sendFile('index.html');
  }

  // The pages the server renders are routes of their own (so the compression plugin compresses them);
  // every other page path reaches the not-found handler below.
  if (renderer) {
    for (const url of SERVER_RENDERED_PATHS) app.get(url, { config: { access: 'public' }, schema: { hide: true } }, servePage);
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
    return servePage(request, reply);
  });
}
