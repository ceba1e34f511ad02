import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '~/shared/constants';

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
}

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

/** Whether the cart already holds MAX_CART_LINES other products (the most one order takes). */
export function isCartFullFor(items: readonly CartItem[], productId: string): boolean {
  return items.length >= MAX_CART_LINES && !items.some((i) => i.product.id === productId);
}

/**
 * Adding a product already in the cart increases its quantity; otherwise the item is appended.
 * One line holds at most MAX_LINE_QUANTITY and a cart at most MAX_CART_LINES products (what one
 * order takes): beyond that nothing changes.
 */
export function addItem(items: readonly CartItem[], product: CartProduct, quantity = 1): CartItem[] {
  if (!Number.isInteger(quantity) || quantity <= 0 || isCartFullFor(items, product.id)) return [...items];
  const existing = items.find((i) => i.product.id === product.id);
  if (!existing) return [...items, { product, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
  return items.map((i) => (i.product.id === product.id ? { product, quantity: Math.min(i.quantity + quantity, MAX_LINE_QUANTITY) } : i));
}

/** Setting a quantity to 0 or less removes the item. */
export function setQuantity(items: readonly CartItem[], productId: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(items, productId);
  return items.map((i) => (i.product.id === productId ? { ...i, quantity: Math.min(Math.floor(quantity), MAX_LINE_QUANTITY) } : i));
}

/** Replaces what the cart knows of a product (a new price or stock the customer accepted); its quantity stays. */
export function updateProduct(items: readonly CartItem[], productId: string, patch: Partial<Omit<CartProduct, 'id'>>): CartItem[] {
  return items.map((i) => (i.product.id === productId ? { ...i, product: { ...i.product, ...patch } } : i));
}

export function removeItem(items: readonly CartItem[], productId: string): CartItem[] {
  return items.filter((i) => i.product.id !== productId);
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
    isCount(item.product.price)
  );
}

/** Reads the stored cart; unparseable data is ignored (an empty cart), malformed items are dropped. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isCartItem).map((i) => ({ ...i, quantity: Math.min(i.quantity, MAX_LINE_QUANTITY) })) : [];
  } catch {
    return [];
  }
}
