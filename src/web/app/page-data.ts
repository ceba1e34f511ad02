import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { parseListState } from '~/shared/catalogue';
import { isCategory, type Category } from '~/shared/constants';
import {
  compareQueryOptions,
  homeQueryOptions,
  productFacetsQueryOptions,
  productListQueryOptions,
  productQueryOptions,
  relatedQueryOptions,
  reviewsQueryOptions,
} from '~/web/features/catalogue/api/catalogue-queries';
import { idsFromParams } from '~/web/features/catalogue/compare-store';
import { searchCategory } from '~/web/features/catalogue/components/list/list-state';
import { isApiError } from '~/web/lib/api-client';
import { publicSettingsQueryOptions } from '~/web/lib/shop-settings';

/**
 * What the server renderer reads before it renders a public page (decision 29): the page's queries,
 * fetched into the request's query client through the API, exactly the ones the page's components ask
 * for, so the browser hydrates from them instead of asking again. Server only: the browser's router
 * is declarative and its components fetch for themselves when they navigate.
 */
export interface PageDataContext {
  queryClient: QueryClient;
}

/** What a page's loader tells the renderer: the HTTP status of the page. */
export interface PageData {
  status: number;
}

type Prefetch = (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<PageData>;

const ok: PageData = { status: 200 };
const notFound: PageData = { status: 404 };

/** Waits for the page's queries, fetched side by side; a 404 from any makes the page a 404, other failures are thrown. */
async function fetchAll(fetches: Promise<unknown>[]): Promise<PageData> {
  const results = await Promise.allSettled(fetches);
  for (const r of results) {
    if (r.status === 'rejected') {
      if (isApiError(r.reason) && r.reason.status === 404) return notFound;
      throw r.reason;
    }
  }
  return ok;
}

function listPage(mode: 'products' | 'search'): Prefetch {
  return (queryClient, { request, params }) => {
    const search = new URL(request.url).searchParams;
    let category: Category | null = null;
    if (params.category !== undefined) {
      if (!isCategory(params.category)) return Promise.resolve(notFound);
      category = params.category;
    }
    if (mode === 'search') {
      if (!(search.get('q') ?? '').trim()) return Promise.resolve(ok);
      category = searchCategory(search);
    }
    const state = parseListState(search, category);
    return fetchAll([queryClient.fetchQuery(productListQueryOptions(state)), queryClient.fetchQuery(productFacetsQueryOptions(state))]);
  };
}

const settingsPage: Prefetch = (queryClient) => fetchAll([queryClient.fetchQuery(publicSettingsQueryOptions())]);
const staticPage: Prefetch = () => Promise.resolve(ok);

/**
 * The public pages the server renders, by their route path, and what each reads first. Pages whose
 * purpose is a form (sign-in, sign-up, contact) are left to the browser: a form sent before the script
 * had taken it over would go as a plain GET, with what was typed in the address.
 */
const PAGES: Record<string, Prefetch> = {
  '/': (queryClient) => fetchAll([queryClient.fetchQuery(homeQueryOptions())]),
  products: listPage('products'),
  'category/:category': listPage('products'),
  search: listPage('search'),
  'product/:id': (queryClient, { params }) => {
    const id = params.id ?? '';
    return fetchAll([
      queryClient.fetchQuery(productQueryOptions(id)),
      queryClient.fetchQuery(reviewsQueryOptions(id, 1)),
      queryClient.fetchQuery(relatedQueryOptions(id)),
    ]);
  },
  compare: (queryClient, { request }) => {
    const ids = idsFromParams(new URL(request.url).searchParams);
    return ids.length ? fetchAll([queryClient.fetchQuery(compareQueryOptions(ids))]) : Promise.resolve(ok);
  },
  about: settingsPage,
  returns: settingsPage,
  terms: settingsPage,
  'grievance-officer': settingsPage,
  privacy: staticPage,
  '*': () => Promise.resolve(notFound),
};

/**
 * The route tree with a loader on every public page the server renders (the children of the
 * storefront's layout); the guarded groups, the seller centre and the admin console have none.
 */
export function withPageData(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    if (route.index || route.path !== undefined || !route.children) return route;
    return { ...route, children: route.children.map(withLoader) };
  });
}

function withLoader(route: RouteObject): RouteObject {
  const key = route.index ? '/' : (route.path ?? '');
  const prefetch = PAGES[key];
  if (!prefetch) return route;
  const loader = async (args: LoaderFunctionArgs) => {
    const { queryClient } = args.context as PageDataContext;
    // Every page's footer shows the cash-on-delivery limit. A failure stays in the query (the page is then
    // rendered again in the browser) rather than failing the page.
    const [data] = await Promise.all([prefetch(queryClient, args), queryClient.prefetchQuery(publicSettingsQueryOptions())]);
    return data;
  };
  return { ...route, loader } as RouteObject;
}

/** Whether the matched route is a page the server renders (it has a loader). */
export function isServerRenderedMatch(matches: { route: { loader?: unknown } }[]): boolean {
  const last = matches.at(-1);
  return last !== undefined && typeof last.route.loader === 'function';
}
