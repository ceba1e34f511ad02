import { CATEGORIES, SHOP, isCategory } from '~/shared/constants';
import { productImageUrl, parseListState } from '~/shared/catalogue';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import { AppError } from '../../lib/app-error';
import { safeJson } from '../../lib/safe-json';
import type { CatalogueService } from './catalogue.service';

/** What the server writes into the <head> of a page, so crawlers and link previews see the right thing. */
export interface PageHead {
  status: number;
  title: string;
  description: string;
  canonical: string;
  robots?: string;
  ogType?: 'website' | 'product';
  ogImage?: string;
  jsonLd?: object;
}

const CATEGORY_TITLES = { Laptop: 'Laptops', Desktop: 'Desktops', Monitor: 'Monitors' } as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** Replaces the title and description of the built index.html and adds canonical, Open Graph and JSON-LD tags. */
export function renderHead(template: string, head: PageHead): string {
  const title = `${head.title} — ${SHOP.name}`;
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
    head.jsonLd ? `<script type="application/ld+json">${safeJson(head.jsonLd)}</script>` : '',
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

export function createSeo(deps: { catalogueService: Pick<CatalogueService, 'product' | 'list' | 'sitemapEntries'>; publicUrl: string }) {
  const { catalogueService, publicUrl } = deps;
  const absolute = (path: string) => `${publicUrl}${path}`;

  async function productHead(id: string): Promise<PageHead> {
    try {
      const p = await catalogueService.product(id);
      const image = p.images[0] ? absolute(productImageUrl(p.images[0].id, 1280, 'jpeg')) : undefined;
      const canonical = absolute(paths.product(p.id));
      return {
        status: 200,
        title: p.name,
        description: clip(
          `${p.name} at ${formatPaise(p.pricePaise)} (GST included)${p.discountPercent ? `, ${p.discountPercent}% off MRP` : ''}. ${p.keySpecs.join(', ')}. ${p.description}`,
        ),
        canonical,
        ogType: 'product',
        ogImage: image,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: p.name,
          sku: p.id,
          mpn: p.model ?? undefined,
          brand: { '@type': 'Brand', name: p.brand },
          category: p.category,
          description: clip(p.description, 500),
          image: p.images.map((i) => absolute(productImageUrl(i.id, 1280, 'jpeg'))),
          ...(p.ratingCount > 0
            ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.ratingAvg.toFixed(1), reviewCount: p.ratingCount } }
            : {}),
          offers: {
            '@type': 'Offer',
            url: canonical,
            priceCurrency: 'INR',
            price: (p.pricePaise / 100).toFixed(2),
            availability: p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
            seller: { '@type': 'Organization', name: p.vendor.name },
          },
        },
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
    const product = /^\/product\/([^/]+)$/.exec(pathname);
    if (product) return productHead(decodeURIComponent(product[1]!));

    const category = /^\/category\/([^/]+)$/.exec(pathname);
    if (category) {
      const name = decodeURIComponent(category[1]!);
      if (!isCategory(name)) return notFoundHead(pathname);
      const list = await catalogueService.list({ category: name, sort: 'relevance', page: 1, page_size: 10 });
      const title = CATEGORY_TITLES[name];
      return {
        status: 200,
        title: `${title} — buy online with GST invoice`,
        description: clip(
          `${list.total} ${title.toLowerCase()} from ${[...new Set(list.items.map((i) => i.brand))].slice(0, 5).join(', ')} and more, with GST invoice, EMI and delivery across India from ${SHOP.name}, Pune and Navi Mumbai.`,
        ),
        canonical: absolute(paths.category(name)),
        jsonLd: itemList(
          title,
          list.items.map((i) => ({ id: i.id, name: i.name })),
        ),
      };
    }

    if (pathname === '/products') {
      return {
        status: 200,
        title: 'All products — laptops, desktops and monitors',
        description: `Laptops, desktops and monitors from top brands at ${SHOP.name}: GST invoice, easy EMI, UPI and cash on delivery, delivered across India.`,
        canonical: absolute(paths.products),
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
        jsonLd: itemList(
          `Results for ${q}`,
          list.items.map((i) => ({ id: i.id, name: i.name })),
        ),
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
