import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownPage } from '~/shared/paths';
import { AppError } from '../../lib/app-error';
import { createCompressedAnswers } from '../../lib/compressed-answers';
import { withReadOnce } from '../../lib/read-once';
import type { ResponseCache } from '../../lib/response-cache';
import { assemblePage, connectRenderer, renderedPageTemplate, type ServerRendererModule } from './page-renderer';

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
  '/grievance-officer',
];

/** A rendered page as the page cache keeps it. */
interface CachedPage {
  status: number;
  html: string;
}

/** A page as served, with a key that names this HTML (its page cache key, or its render's) to compress it once. */
interface RenderedPage extends CachedPage {
  key: string | undefined;
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
    /** The product a merged duplicate went into (decision 70): its page, not found, answers 301 there. */
    productMovedTo?: (id: string) => Promise<string | null>;
  } = {},
) {
  const canonical = options.canonicalUrl ? new URL(options.canonicalUrl) : undefined;
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  // The built page is static; product, category and search pages get their own <head> written into it.
  const template = hasWeb ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : '';
  const renderedTemplate = renderedPageTemplate(template);
  const origin = new URL(options.publicUrl ?? 'http://localhost').origin;
  const renderer = hasWeb && options.renderer ? connectRenderer(options.renderer, app, new URL(origin).host) : undefined;

  /**
   * Renders under way, by cache version and URL: a visitor asking for a page that is being rendered
   * waits for that render instead of starting another (fifty shoppers opening a popular product
   * whose stock just changed cost one render, not fifty). A change makes a new version, so nobody
   * asking after it joins a render that began before it: no staler than the cache.
   */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  const compressedPages = createCompressedAnswers({ maxBytes: 32 * 1024 * 1024 });

  /** The page rendered now, with its data and <head>; kept under `cacheKey` when its data was complete. */
  function renderAnew(url: string, pathname: string, cacheKey: string | undefined): Promise<CachedPage | undefined> {
    // The page's content and its <head> (title, JSON-LD) read their product once between them.
    return withReadOnce(async () => {
      const result = await renderer!(new URL(url, origin));
      if (result.kind !== 'page') return undefined;
      const head = seo ? await seo.render(pathname, new URL(url, origin).searchParams, renderedTemplate) : undefined;
      const page: CachedPage = {
        status: Math.max(result.status, head?.status ?? 200),
        html: assemblePage(head?.html ?? renderedTemplate, result),
      };
      // A page whose data partly failed is not kept: the next visitor gets a fresh try.
      if (cacheKey && result.hydrate) await options.cache!.set(cacheKey, `${page.status} ${page.html}`);
      return page;
    });
  }

  /**
   * The page at `url` rendered with its data, from the cache when it is there; undefined for the
   * pages the browser renders (guarded ones, the consoles) and when rendering failed (the API away):
   * the browser then renders the page itself and shows what went wrong, with Retry.
   */
  async function renderPage(url: string, pathname: string): Promise<(RenderedPage & { cache: 'hit' | 'miss' }) | undefined> {
    if (!renderer) return undefined;
    const version = options.cache ? await options.cache.version() : undefined;
    const key = options.cache?.enabled ? `${version}:html:${url}` : undefined;
    const cached = key ? await options.cache!.get(key) : null;
    // Kept as "<status> <html>": read back without parsing the page (a JSON.parse of ~75 KB per answer).
    if (cached !== null) return { status: Number(cached.slice(0, 3)), html: cached.slice(4), key, cache: 'hit' };
    const flightKey = version === undefined ? undefined : `${version}:${url}`;
    let flight = flightKey ? rendering.get(flightKey) : undefined;
    if (!flight) {
      flight = renderAnew(url, pathname, key);
      if (flightKey) {
        rendering.set(flightKey, flight);
        const done = () => rendering.delete(flightKey);
        flight.then(done, done);
      }
    }
    const page = await flight;
    // Compressed under the cache key the next visitors find it by (the render's own when nothing is kept).
    return page && { ...page, key: key ?? flightKey, cache: 'miss' };
  }

  if (seo) {
    app.get(
      '/sitemap.xml',
      { config: { access: 'public' }, schema: { tags: ['seo'], summary: 'The sitemap of the public pages, for crawlers' } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8');
        return seo.sitemapXml();
      },
    );
    app.get(
      '/robots.txt',
      { config: { access: 'public' }, schema: { tags: ['seo'], summary: 'What crawlers may visit, and where the sitemap is' } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8');
        return seo.robotsTxt();
      },
    );
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

  /** Where a product page not found went: the product kept when an admin merged this one into it (decision 70). */
  async function movedProductPage(pathname: string): Promise<string | null> {
    const id = /^\/product\/([^/]+)$/.exec(pathname)?.[1];
    if (!id || !options.productMovedTo) return null;
    const kept = await options.productMovedTo(decodeURIComponent(id));
    return kept ? `/product/${encodeURIComponent(kept)}` : null;
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
      const moved = rendered && rendered.status >= 400 ? await movedProductPage(pathname) : null;
      if (moved) return reply.redirect(moved, 301);
      if (rendered) {
        reply.header('x-cache', rendered.cache).status(rendered.status).type('text/html; charset=utf-8');
        // Compressed once for everyone it is sent to.
        return compressedPages.send(reply, rendered.key, rendered.html);
      }
    }
    const page = known && seo ? await seo.render(pathname, new URL(request.url, 'http://x').searchParams, template) : undefined;
    const moved = page?.status === 404 || (known && !page) ? await movedProductPage(pathname) : null;
    if (moved) return reply.redirect(moved, 301);
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
    // A merged duplicate's page (decision 70) goes to the product kept, whether or not the web app is built here.
    const moved = request.method === 'GET' || request.method === 'HEAD' ? await movedProductPage(pathname) : null;
    if (moved) return reply.redirect(moved, 301);
    // Media paths are files, never pages: a missing one is a JSON 404, not the app's HTML.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !hasWeb || pathname === '/media' || pathname.startsWith('/media/')) {
      throw new AppError('NOT_FOUND', `Nothing is at ${pathname}.`);
    }
    return servePage(request, reply);
  });
}
