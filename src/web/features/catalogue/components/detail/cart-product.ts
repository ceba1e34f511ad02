import { MAX_CART_LINES } from '~/shared/constants';
import { configurationName, productImageUrl } from '~/shared/catalogue';
import type { ProductCard } from '~/shared/schemas/catalogue';

/**
 * What the cart keeps of a product (the seed's shape: id and price, plus what the cart page
 * shows). The price is only for display; checkout re-prices from the database.
 * Typed structurally so this feature needs nothing from the cart feature.
 */
export function cartProductOf(
  product: Pick<ProductCard, 'id' | 'name' | 'pricePaise' | 'stock' | 'image'>,
  /** A seller's offer of a configuration (decision 70): the cart keeps it, its price, stock and seller; its options name the line. */
  offer?: {
    id: string;
    pricePaise: number;
    stock: number;
    seller: { name: string };
    options?: Record<string, string>;
    /** The product's option keys in the picker's order. */
    optionKeys?: readonly string[];
  },
) {
  return {
    id: product.id,
    price: offer?.pricePaise ?? product.pricePaise,
    name: configurationName(product.name, offer?.options, offer?.optionKeys),
    stock: offer?.stock ?? product.stock,
    ...(product.image ? { image: productImageUrl(product.image.id, 160) } : {}),
    ...(offer && offer.id !== product.id ? { offerId: offer.id, sellerName: offer.seller.name } : {}),
  };
}

/** Said when a product cannot be added because the cart already holds the most products one order takes. */
export const CART_FULL_MESSAGE = `Your cart holds ${MAX_CART_LINES} different products, the most one order can take. Remove one to add another.`;
