import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { safeJson } from '../../lib/safe-json';

/**
 * The storefront's server renderer (decision 29) as the web plugin uses it: the module Vite builds
 * from src/web/entry-server.tsx (dist/web-ssr/entry-server.js), its API calls sent into this app,
 * and the HTML around what it renders: the page's data as JSON.
 */

/** What src/web/entry-server.tsx exports (kept apart: the server is not built with the web app's code). */
export interface ServerRendererModule {
  configure(options: { transport: (path: string, init: RequestInit) => Promise<Response> }): void;
  render(
    url: URL,
  ): Promise<
    | { kind: 'page'; status: number; html: string; state: unknown; hydrate: boolean }
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'browser-only' }
  >;
}

/** Loads the built renderer, or undefined when the web app was built without it (tests, development). */
export async function loadServerRenderer(file: string): Promise<ServerRendererModule | undefined> {
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ServerRendererModule;
}

type Transport = Parameters<ServerRendererModule['configure']>[0]['transport'];

/** The app whose page is being rendered: the renderer module is one per process, the apps may be several (tests build two). */
const renderingApp = new AsyncLocalStorage<Transport>();
const connected = new WeakMap<ServerRendererModule, { last: Transport }>();

/**
 * The renderer's API calls go through the app itself (app.inject): routes, validation and response
 * cache as for a browser. Returns the app's own `render`: its calls reach this app, whichever app
 * of the process connected last.
 */
export function connectRenderer(renderer: ServerRendererModule, app: FastifyInstance, host: string): ServerRendererModule['render'] {
  const transport: Transport = async (url, init) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json', host },
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const name of ['content-type', 'retry-after']) {
      const value = res.headers[name];
      if (value !== undefined) headers.set(name, String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, { status: res.statusCode, headers });
  };
  const state = connected.get(renderer);
  if (state) state.last = transport;
  else {
    const fresh = { last: transport };
    connected.set(renderer, fresh);
    renderer.configure({ transport: (url, init) => (renderingApp.getStore() ?? fresh.last)(url, init) });
  }
  return (url) => renderingApp.run(transport, () => renderer.render(url));
}

const ROOT = '<div id="root"></div>';

/**
 * The built index.html as server-rendered pages use it (once, at start): the page is readable before
 * its script runs, so the script waits for the HTML, the stylesheet and the largest picture instead
 * of taking the bandwidth of a slow connection from them.
 */
export function renderedPageTemplate(template: string): string {
  return template.replace(/<(script type="module"|link rel="modulepreload") crossorigin/g, '<$1 fetchpriority="low" crossorigin');
}

/**
 * The template of rendered pages (its head already written for the page) with the rendered page and
 * its data in. Put together by position, not by `String.replace`: a replacement text is read for
 * `$&`, `$'` and the like, which a product's text may hold, and would be scanned whole on every render.
 */
export function assemblePage(template: string, page: { html: string; state: unknown; hydrate: boolean }): string {
  const at = template.indexOf(ROOT);
  if (at < 0) throw new Error(`The page template has no ${ROOT}`);
  return (
    `${template.slice(0, at)}<div id="root" data-hydrate="${page.hydrate}">${page.html}</div>` +
    `<script type="application/json" id="page-data">${safeJson(page.state)}</script>${template.slice(at + ROOT.length)}`
  );
}
