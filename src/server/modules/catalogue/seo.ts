import { breadcrumbs } from '~/shared/breadcrumbs';
import { CATEGORIES, CATEGORY_PLURALS, SHOP, isCategory } from '~/shared/constants';
import { productImageUrl, parseListState } from '~/shared/catalogue';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { Review } from '~/shared/schemas/catalogue';
import type { ShopSettings } from '~/shared/schemas/settings';
import { AppError } from '../../lib/app-error';
import { safeJson } from '../../lib/safe-json';
import type { CatalogueService } from './catalogue.service';
import { LOGO_PATH, breadcrumbLd, organizationLd, productGroupLd, productLd, variantPath } from './structured-data';

/** What the server writes into the <head> of a page, so crawlers and link previews see the right thing. */
export interface PageHead {
  status: number;
  /** The page's own title, " — Sahyadri Computers" after it (the home page's is the shop's whole title: `documentTitle`). */
  title: string;
  documentTitle?: string;
  description: string;
  canonical: string;
  robots?: string;
  ogType?: 'website' | 'product';
  ogImage?: string;
  /** JSON-LD objects, one script each (the page's main thing first). */
  jsonLd?: object[];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** Replaces the title and description of the built index.html and adds canonical, Open Graph and JSON-LD tags. */
export function renderHead(template: string, head: PageHead): string {
  const title = head.documentTitle ?? `${head.title} — ${SHOP.name}`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}" />` : '',
    `<meta property="og:site_name" content="${escapeHtml(SHOP.name)}" />`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:locale" content="en_IN" />`,
    head.ogImage ? `<meta property="og:image" content="${escapeHtml(head.ogImage)}" />` : '',
    `<meta name="twitter:card" content="${head.ogImage ? 'summary_large_image' : 'summary'}" />`,
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${safeJson(data)}</script>`),
  ]
    .filter(Boolean)
    .join('\n    ');
  // Replacements as functions: a replacement text is read for `$&`, `$'` and the like, which a
  // product's name or description may hold.
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

export function createSeo(deps: {
  catalogueService: Pick<CatalogueService, 'productPage' | 'list' | 'sitemapEntries'>;
  publicUrl: string;
  /** The shop's settings (delivery charges, return window, contact): the settings module's, given by the wiring. */
  settings: () => Promise<ShopSettings>;
  /** The reviews the product page shows (its first page), from the reviews module. */
  reviews: (productId: string) => Promise<readonly Review[]>;
}) {
  const { catalogueService, publicUrl } = deps;
  const absolute = (path: string) => `${publicUrl}${path}`;

  /**
   * A product page's head. For a product of several configurations (decision 70), a page that names one
   * (`?variant=`) is that configuration's: its title, price and canonical URL; the JSON-LD is the
   * ProductGroup with every configuration.
   */
  async function productHead(id: string, variant: string | null): Promise<PageHead> {
    try {
      const wanted = variant && /^[0-9A-Za-z_-]{1,120}$/.test(variant) ? variant : undefined;
      const [page, settings, reviews] = await Promise.all([catalogueService.productPage(id, wanted), deps.settings(), deps.reviews(id)]);
      const p = page.product;
      const imageUrl = (imageId: string) => absolute(productImageUrl(imageId, 1280, 'jpeg'));
      const context = { absolute, imageUrl, settings, reviews, description: clip(p.description, 500) };
      const grouped = page.variants.length > 1;
      const selected = page.variants.find((v) => v.id === page.selectedVariantId);
      const named =
        grouped && selected && wanted !== undefined && (wanted === selected.id || wanted === selected.slug) ? selected : undefined;
      const title = named?.label ? `${p.name} (${named.label})` : p.name;
      const price = named ? (named.winner?.pricePaise ?? null) : p.pricePaise;
      const images = named && named.images.length > 0 ? named.images : p.images;
      return {
        status: 200,
        title,
        description: clip(
          `${title}${price !== null ? ` at ${formatPaise(price)} (GST included)` : ''}${!named && p.discountPercent ? `, ${p.discountPercent}% off MRP` : ''}. ${p.keySpecs.join(', ')}. ${p.description}`,
        ),
        canonical: absolute(named ? variantPath(p.id, named.id) : paths.product(p.id)),
        ogType: 'product',
        ogImage: images[0] ? imageUrl(images[0].id) : undefined,
        jsonLd: [grouped ? productGroupLd(page, context) : productLd(p, context), breadcrumbLd(breadcrumbs.product(p), absolute)],
      };
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return notFoundHead(paths.product(id));
      throw error;
    }
  }

  function notFoundHead(path: string): PageHead {
    return { status: 404, title: 'Page not found', description: 'This page does not exist.', canonical: absolute(path), robots: 'noindex' };
  }

  /** The head of a page, or undefined for pages that keep the default head. */
  async function headFor(pathname: string, search: URLSearchParams): Promise<PageHead | undefined> {
    if (pathname === '/') {
      return {
        status: 200,
        title: SHOP.name,
        documentTitle: `${SHOP.name} — laptops, desktops and monitors across India`,
        description: `${SHOP.name}: laptops, desktops and monitors from Pune and Navi Mumbai, delivered across India. GST invoices, easy EMI, UPI, cards and cash on delivery.`,
        canonical: absolute('/'),
        ogImage: absolute(LOGO_PATH),
        jsonLd: [organizationLd(await deps.settings(), absolute)],
      };
    }

    const product = /^\/product\/([^/]+)$/.exec(pathname);
    if (product) return productHead(decodeURIComponent(product[1]!), search.get('variant'));

    const category = /^\/category\/([^/]+)$/.exec(pathname);
    if (category) {
      const name = decodeURIComponent(category[1]!);
      if (!isCategory(name)) return notFoundHead(pathname);
      const list = await catalogueService.list({ category: name, sort: 'relevance', page: 1, page_size: 10 });
      const title = CATEGORY_PLURALS[name];
      return {
        status: 200,
        title: `${title} — buy online with GST invoice`,
        description: clip(
          `${list.total} ${title.toLowerCase()} from ${[...new Set(list.items.map((i) => i.brand))].slice(0, 5).join(', ')} and more, with GST invoice, EMI and delivery across India from ${SHOP.name}, Pune and Navi Mumbai.`,
        ),
        canonical: absolute(paths.category(name)),
        jsonLd: [
          itemList(
            title,
            list.items.map((i) => ({ id: i.id, name: i.name })),
          ),
          breadcrumbLd(breadcrumbs.category(name), absolute),
        ],
      };
    }

    if (pathname === '/products') {
      return {
        status: 200,
        title: 'All products — laptops, desktops and monitors',
        description: `Laptops, desktops and monitors from top brands at ${SHOP.name}: GST invoice, easy EMI, UPI and cash on delivery, delivered across India.`,
        canonical: absolute(paths.products),
        jsonLd: [breadcrumbLd(breadcrumbs.products(), absolute)],
      };
    }

    if (pathname === '/search') {
      const state = parseListState(search);
      const q = state.q.trim();
      if (!q)
        return {
          status: 200,
          title: 'Search',
          description: `Search laptops, desktops and monitors at ${SHOP.name}.`,
          canonical: absolute('/search'),
          robots: 'noindex',
        };
      const list = await catalogueService.list({ q, sort: 'relevance', page: 1, page_size: 10 });
      return {
        status: 200,
        title: `Results for “${clip(q, 60)}”`,
        description: clip(
          `${list.total} products match “${q}” at ${SHOP.name}: ${list.items
            .slice(0, 3)
            .map((i) => i.name)
            .join('; ')}.`,
        ),
        canonical: absolute(paths.search(q)),
        // Result pages are for people; crawlers should index the products and categories instead.
        robots: 'noindex, follow',
        jsonLd: [
          itemList(
            `Results for ${q}`,
            list.items.map((i) => ({ id: i.id, name: i.name })),
          ),
          breadcrumbLd(breadcrumbs.search(q), absolute),
        ],
      };
    }
    return undefined;
  }

  function itemList(name: string, items: { id: string; name: string }[]) {
    return {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name,
      itemListElement: items.map((item, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: absolute(paths.product(item.id)),
        name: item.name,
      })),
    };
  }

  async function sitemapXml(): Promise<string> {
    const entries = await catalogueService.sitemapEntries();
    const staticPaths = [
      paths.home,
      paths.products,
      ...CATEGORIES.map(paths.category),
      paths.about,
      paths.contact,
      paths.returns,
      paths.privacy,
      paths.terms,
    ];
    const urls = [
      ...staticPaths.map((p) => `  <url><loc>${escapeHtml(absolute(p))}</loc></url>`),
      ...entries.map(
        (e) =>
          `  <url><loc>${escapeHtml(absolute(paths.product(e.id)))}</loc><lastmod>${new Date(e.updated_at).toISOString().slice(0, 10)}</lastmod></url>`,
      ),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  function robotsTxt(): string {
    return [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /vendor/',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /orders',
      'Disallow: /order-details/',
      'Disallow: /order-success',
      'Disallow: /wishlist',
      'Disallow: /search',
      '',
      `Sitemap: ${absolute('/sitemap.xml')}`,
      '',
    ].join('\n');
  }

  /** The built index.html with the page's own <head> written in, and the page's status; undefined when it has none. */
  async function render(pathname: string, params: URLSearchParams, template: string) {
    const head = await headFor(pathname, params);
    return head ? { status: head.status, html: renderHead(template, head) } : undefined;
  }

  return { headFor, render, sitemapXml, robotsTxt };
}

export type Seo = ReturnType<typeof createSeo>;
