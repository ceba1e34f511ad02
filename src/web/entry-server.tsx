import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { isServerRenderedMatch, withPageData, type PageData, type PageDataContext } from './app/page-data';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { setApiTransport, type ApiTransport } from './lib/api-client';

/**
 * The server renderer of the storefront's public pages (decision 29), built by Vite into
 * dist/web-ssr and called by the server's web plugin. Every page is rendered from the same routes
 * and components as in the browser, with the data its loader read first; the browser hydrates it
 * with that data (no second fetch).
 */

export type { ApiTransport };

export interface RenderedPage {
  kind: 'page';
  status: number;
  /** The markup of #root. */
  html: string;
  /** The page's queries, for the browser to hydrate from. */
  state: DehydratedState;
  /** False when a query of the page failed: the browser then renders the page itself over this HTML. */
  hydrate: boolean;
}
export type RenderResult = RenderedPage | { kind: 'redirect'; status: number; location: string } | { kind: 'browser-only' };

const handler = createStaticHandler(withPageData(routes));

/** Sends the renderer's API calls through the server itself (set once, at start). */
export function configure(options: { transport: ApiTransport }): void {
  setApiTransport(options.transport);
}

function collect(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer | string) => chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

/** Renders the page at `url` (absolute), or says it is one the browser renders (guarded pages, the consoles). */
export async function render(url: URL): Promise<RenderResult> {
  // One query client per request: nothing of one visitor's page can reach another's.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const context = await handler.query(new Request(url), { requestContext: { queryClient } satisfies PageDataContext });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  if (!isServerRenderedMatch(context.matches)) return { kind: 'browser-only' };
  // A loader that failed (the API away, say): the browser renders the page and shows what went wrong.
  if (context.errors) return { kind: 'browser-only' };

  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <AppProvider queryClient={queryClient} serverRendered>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
  // The page's data is in the query client already, and its modules are loaded after the first
  // time: React renders it in one synchronous pass, to a string (a third of the stream's cost: no
  // encoding to bytes and back). A boundary that suspended (a page's module not loaded yet) comes
  // out client-rendered (<!--$!-->); then the page is rendered again, waiting for everything.
  let html = renderToString(page);
  if (html.includes('<!--$!')) {
    const { prelude } = await prerenderToNodeStream(
      page,
      // Every Suspense boundary inline, in reading order: React would move large ones to the end of the
      // document behind an inline script, which the Content-Security-Policy blocks and a crawler or a
      // shopper without script would never run.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    html = await collect(prelude);
  }
  const status = Math.max(200, ...Object.values(context.loaderData as Record<string, PageData | undefined>).map((d) => d?.status ?? 200));
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .some((q) => q.state.status === 'error');
  return { kind: 'page', status, html, state: dehydrate(queryClient), hydrate: !failed };
}
