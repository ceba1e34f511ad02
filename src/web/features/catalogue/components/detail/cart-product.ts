import { MAX_CART_LINES } from '~/shared/constants';
import { productImageUrl } from '~/shared/catalogue';
import type { ProductCard } from '~/shared/schemas/catalogue';

/**
 * What the cart keeps of a product (the seed's shape: id and price, plus what the cart page
 * shows). The price is only for display; checkout re-prices from the database.
 * Typed structurally so this feature needs nothing from the cart feature.
 */
export function cartProductOf(product: Pick<ProductCard, 'id' | 'name' | 'pricePaise' | 'stock' | 'image'>) {
  return {
    id: product.id,
    price: product.pricePaise,
    name: product.name,
    stock: product.stock,
    ...(product.image ? { image: productImageUrl(product.image.id, 160) } : {}),
  };
}

/** Said when a product cannot be added because the cart already holds the most products one order takes. */
export const CART_FULL_MESSAGE = `Your cart holds ${MAX_CART_LINES} different products, the most one order can take. Remove one to add another.`;
