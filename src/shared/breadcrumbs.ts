import { CATEGORY_PLURALS, type Category } from './constants';
import { paths } from './paths';

/** One step of a page's trail, from the home page down to the page itself (the last). */
export interface Crumb {
  name: string;
  path: string;
}

const home: Crumb = { name: 'Home', path: paths.home };

/**
 * The trail of the storefront's pages: shown above the page and written by the server as the page's
 * BreadcrumbList (JSON-LD), so that both say the same.
 */
export const breadcrumbs = {
  product: (product: { id: string; name: string; category: Category }): Crumb[] => [
    home,
    { name: CATEGORY_PLURALS[product.category], path: paths.category(product.category) },
    { name: product.name, path: paths.product(product.id) },
  ],
  category: (category: Category): Crumb[] => [home, { name: CATEGORY_PLURALS[category], path: paths.category(category) }],
  products: (): Crumb[] => [home, { name: 'All products', path: paths.products }],
  search: (q: string): Crumb[] => [home, { name: `Results for “${q}”`, path: paths.search(q) }],
};
