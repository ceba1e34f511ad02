import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CART_STORAGE_KEY } from '~/shared/constants';
import {
  addItem,
  isCartFullFor,
  lineKeyOf,
  parseStoredCart,
  removeItem,
  setQuantity,
  totals,
  updateProduct,
  type CartItem,
  type CartProduct,
  type CartTotals,
} from './cart';
import { useHydrated } from '../server-rendered';

interface CartContextValue extends CartTotals {
  items: CartItem[];
  /** Adds a product; false (and nothing changes) when the cart already holds 50 other products. */
  add(product: CartProduct, quantity?: number): boolean;
  /** `key`: the line's (`lineKeyOf` its product; its product's id for the product's own offer). */
  setQuantity(key: string, quantity: number): void;
  remove(key: string): void;
  /** Takes what the server says of a product now (price, stock) into the stored line. */
  updateProduct(key: string, patch: Partial<Omit<CartProduct, 'id' | 'offerId'>>): void;
  clear(): void;
  /** Puts back a cart taken earlier (Undo of Clear cart). */
  replace(items: CartItem[]): void;
}

const CartContext = createContext<CartContextValue | null>(null);

/** Carts just read from storage: saving one of them back would only race with whoever wrote it. */
const fromStorage = new WeakSet<CartItem[]>();

function fromStored(raw: string | null): CartItem[] {
  const items = parseStoredCart(raw);
  fromStorage.add(items);
  return items;
}

function readStorage(): CartItem[] {
  try {
    return fromStored(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

/** The server's cart (empty), shown until the page is hydrated. */
const NO_ITEMS: CartItem[] = [];

/**
 * Restores the cart from local storage at start and saves it on every change. On a page the server
 * rendered, what it shows is the empty cart of the server's HTML until the whole page is hydrated, then
 * the stored one (decision 29); nothing is saved before it was read, so the stored cart is never overwritten.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const [items, setItems] = useState(readStorage);

  useEffect(() => {
    if (fromStorage.has(items)) return;
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Storage full or blocked (private mode): the cart still works for this visit.
    }
  }, [items]);

  // Another tab changed the cart: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) setItems(fromStored(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const add = useCallback(
    (product: CartProduct, quantity = 1) => {
      if (isCartFullFor(items, lineKeyOf(product))) return false;
      setItems((current) => addItem(current, product, quantity));
      return true;
    },
    [items],
  );
  const set = useCallback((id: string, quantity: number) => setItems((current) => setQuantity(current, id, quantity)), []);
  const remove = useCallback((id: string) => setItems((current) => removeItem(current, id)), []);
  const update = useCallback(
    (id: string, patch: Partial<Omit<CartProduct, 'id' | 'offerId'>>) => setItems((current) => updateProduct(current, id, patch)),
    [],
  );
  const clear = useCallback(() => setItems([]), []);
  const replace = useCallback((next: CartItem[]) => setItems(next), []);

  // An empty cart is always NO_ITEMS: restoring one changes nothing, so nothing renders again.
  const shown = hydrated && items.length > 0 ? items : NO_ITEMS;
  const value = useMemo(
    () => ({ items: shown, ...totals(shown), add, setQuantity: set, remove, updateProduct: update, clear, replace }),
    [shown, add, set, remove, update, clear, replace],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside CartProvider');
  return value;
}
