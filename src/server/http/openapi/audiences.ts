import type { Access } from '../access';
import { HTTP_METHODS, type PathItem } from './operations';

/**
 * Who a document is written for (decision 57). Each holds what that reader's account can call:
 * the storefront's (visitors and customers), the seller centre's, the back office's. The public and
 * signed-in routes (sign-in, the account) are in all three, so each is a whole client's worth.
 */
export const AUDIENCES = {
  store: {
    access: ['public', 'signed-in', 'customer'],
    title: 'Sahyadri Computers Store API',
    about: 'The storefront and the accounts: catalogue, cart, checkout, orders, returns, reviews, the account pages.',
  },
  vendor: {
    access: ['public', 'signed-in', 'vendor'],
    title: 'Sahyadri Computers Seller Centre API',
    about: 'The seller centre: a vendor’s products, imports, pictures, orders, shipments, payouts and profile. For signed-in vendors.',
  },
  admin: {
    access: ['public', 'signed-in', 'admin'],
    title: 'Sahyadri Computers Admin API',
    about: 'The back office: accounts, vendors, products, orders, payments, payouts, reports, settings. For signed-in admins.',
  },
} as const satisfies Record<string, { access: readonly Access[]; title: string; about: string }>;
export type Audience = keyof typeof AUDIENCES;

/** An OpenAPI document, as far as splitting it is concerned. */
export interface Document {
  info: { title: string; description?: string; [key: string]: unknown };
  paths: Record<string, PathItem>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

/** Every `#/components/<kind>/<name>` a value refers to. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.add(v);
      else refsIn(v, found);
    }
  }
  return found;
}

/**
 * The document for one audience: its operations only, and only the components they reach
 * (followed through the components themselves), so another audience's schemas do not show.
 */
export function documentFor(full: Document, audience: Audience): Document {
  const { access, title, about } = AUDIENCES[audience];
  const allowed = new Set<string>(access);
  const paths: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(full.paths)) {
    const kept = Object.fromEntries(
      Object.entries(item).filter(
        ([method, op]) => !(HTTP_METHODS as readonly string[]).includes(method) || allowed.has(op['x-access'] ?? 'public'),
      ),
    );
    if (Object.keys(kept).some((key) => (HTTP_METHODS as readonly string[]).includes(key))) paths[path] = kept;
  }

  const components = full.components ?? {};
  const reached = new Set<string>();
  const pending = [...refsIn(paths, new Set())];
  while (pending.length > 0) {
    const ref = pending.pop()!;
    if (reached.has(ref)) continue;
    reached.add(ref);
    const [, , kind, name] = ref.split('/');
    const target = (components[kind!] as Record<string, unknown> | undefined)?.[name!];
    for (const next of refsIn(target, new Set())) if (!reached.has(next)) pending.push(next);
  }
  const pick = (kind: 'schemas' | 'responses') =>
    Object.fromEntries(Object.entries(components[kind] ?? {}).filter(([name]) => reached.has(`#/components/${kind}/${name}`)));

  return {
    ...full,
    info: { ...full.info, title, description: `${about}\n\n${full.info.description ?? ''}`.trim() },
    paths,
    components: { ...components, schemas: pick('schemas'), responses: pick('responses') },
  };
}
