import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * The storefront's server renderer (decision 29) as the web plugin uses it: the module Vite builds
 * from src/web/entry-server.tsx (dist/web-ssr/entry-server.js), its API calls sent into this app,
 * and the HTML around what it renders: the page's data as JSON, its chunks preloaded.
 */

/** What src/web/entry-server.tsx exports (kept apart: the server is not built with the web app's code). */
export interface ServerRendererModule {
  configure(options: { transport: (path: string, init: RequestInit) => Promise<Response> }): void;
  render(
    url: URL,
  ): Promise<
    | { kind: 'page'; status: number; html: string; state: unknown; hydrate: boolean; modules: string[] }
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'browser-only' }
  >;
}

/** Loads the built renderer, or undefined when the web app was built without it (tests, development). */
export async function loadServerRenderer(file: string): Promise<ServerRendererModule | undefined> {
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ServerRendererModule;
}

/** The renderer's API calls go through the app itself (app.inject): routes, validation and response cache as for a browser. */
export function connectRenderer(renderer: ServerRendererModule, app: FastifyInstance, host: string): void {
  renderer.configure({
    transport: async (url, init) => {
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
    },
  });
}

/** JSON inside <script>: `<` escaped so that no text can close the element. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The files a page's source modules need (Vite's manifest), less those the built index.html already
 * loads: preloaded with the HTML, so the browser fetches the page's chunk alongside the app's instead
 * of after it.
 */
export function createPreloads(webDir: string): (modules: string[]) => string {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
  const loadedByIndex = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const entry = manifest[key];
    if (!entry || into.has(entry.file)) return;
    into.add(entry.file);
    for (const imported of entry.imports ?? []) walk(imported, into);
  };
  walk('index.html', loadedByIndex);
  const memo = new Map<string, string>();
  return (modules) => {
    const key = modules.join('|');
    const known = memo.get(key);
    if (known !== undefined) return known;
    const files = new Set<string>();
    for (const module of modules) walk(module, files);
    const links = [...files]
      .filter((file) => !loadedByIndex.has(file) && file.endsWith('.js'))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    memo.set(key, links);
    return links;
  };
}

/** The built index.html (its head already written for the page) with the rendered page, its data and preloads in. */
export function assemblePage(
  template: string,
  page: { html: string; state: unknown; hydrate: boolean; modules: string[] },
  preloads: (modules: string[]) => string,
): string {
  return template
    .replace('</head>', `${preloads(page.modules)}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-hydrate="${page.hydrate}">${page.html}</div>` +
        `<script type="application/json" id="page-data">${safeJson(page.state)}</script>`,
    );
}
