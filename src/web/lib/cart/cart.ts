import { MAX_CART_LINES, MAX_ORDER_LINE_QUANTITY } from '~/shared/constants';

/**
 * The cart of the seed: items of product (with id and price) and quantity, kept in local
 * storage under `cart`. Prices here are integer paise and only for display: the server
 * re-prices every line at checkout.
 */
export interface CartProduct {
  id: string;
  /** Price in paise when added. */
  price: number;
  name?: string;
  image?: string;
  /** Stock when added: caps the quantity stepper. */
  stock?: number;
  /** Another seller's offer of the product (decision 70); absent: the product's own, of the seller who listed it. */
  offerId?: string;
  /** That seller's name, for the cart line. */
  sellerName?: string;
}

/**
 * A cart line's key: its product, and the seller's offer when it is not the product's own, so that the
 * same laptop from two sellers is two lines. A line of a cart of before is keyed by its product's id.
 */
export const lineKeyOf = (product: Pick<CartProduct, 'id' | 'offerId'>): string =>
  product.offerId && product.offerId !== product.id ? `${product.id}:${product.offerId}` : product.id;

export interface CartItem {
  product: CartProduct;
  quantity: number;
}

export interface CartTotals {
  /** Sum of quantities (the header badge). */
  totalItems: number;
  /** Sum of price × quantity, in paise. */
  subtotal: number;
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** Whether the cart already holds MAX_CART_LINES other lines (the most one order takes); `key` is a line's (`lineKeyOf`). */
export function isCartFullFor(items: readonly CartItem[], key: string): boolean {
  return items.length >= MAX_CART_LINES && !items.some((i) => lineKeyOf(i.product) === key);
}

/**
 * Adding a product already in the cart increases its quantity; otherwise the item is appended.
 * One line holds at most MAX_ORDER_LINE_QUANTITY and a cart at most MAX_CART_LINES products (what one
 * order takes): beyond that nothing changes.
 */
export function addItem(items: readonly CartItem[], product: CartProduct, quantity = 1): CartItem[] {
  const key = lineKeyOf(product);
  if (!Number.isInteger(quantity) || quantity <= 0 || isCartFullFor(items, key)) return [...items];
  const existing = items.find((i) => lineKeyOf(i.product) === key);
  if (!existing) return [...items, { product, quantity: Math.min(quantity, MAX_ORDER_LINE_QUANTITY) }];
  return items.map((i) =>
    lineKeyOf(i.product) === key ? { product, quantity: Math.min(i.quantity + quantity, MAX_ORDER_LINE_QUANTITY) } : i,
  );
}

/** Setting a quantity to 0 or less removes the line (`key`: `lineKeyOf` its product). */
export function setQuantity(items: readonly CartItem[], key: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(items, key);
  return items.map((i) => (lineKeyOf(i.product) === key ? { ...i, quantity: Math.min(Math.floor(quantity), MAX_ORDER_LINE_QUANTITY) } : i));
}

/** Replaces what the cart knows of a line's product (a new price or stock the customer accepted); its quantity stays. */
export function updateProduct(items: readonly CartItem[], key: string, patch: Partial<Omit<CartProduct, 'id' | 'offerId'>>): CartItem[] {
  return items.map((i) => (lineKeyOf(i.product) === key ? { ...i, product: { ...i.product, ...patch } } : i));
}

export function removeItem(items: readonly CartItem[], key: string): CartItem[] {
  return items.filter((i) => lineKeyOf(i.product) !== key);
}

export function totals(items: readonly CartItem[]): CartTotals {
  return items.reduce<CartTotals>(
    (acc, i) => ({ totalItems: acc.totalItems + i.quantity, subtotal: acc.subtotal + i.product.price * i.quantity }),
    { totalItems: 0, subtotal: 0 },
  );
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    isCount(item.quantity) &&
    item.quantity > 0 &&
    typeof item.product === 'object' &&
    item.product !== null &&
    typeof item.product.id === 'string' &&
    item.product.id.length > 0 &&
    isCount(item.product.price) &&
    (item.product.offerId === undefined || (typeof item.product.offerId === 'string' && item.product.offerId.length > 0))
  );
}

/** Reads the stored cart; unparseable data is ignored (an empty cart), malformed items are dropped. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed.filter(isCartItem).map((i) => ({ ...i, quantity: Math.min(i.quantity, MAX_ORDER_LINE_QUANTITY) }))
      : [];
  } catch {
    return [];
  }
}
