import { MAX_COMPARE } from '~/shared/catalogue';
import { isCategory, type Category } from '~/shared/constants';
import { createLocalStore, isProductId, parseJson } from './local-store';

/**
 * The products a shopper chose to compare, kept in local storage under `compare`: up to four
 * ids, all of one category (comparing a laptop with a monitor says nothing).
 */
export interface CompareList {
  category: Category | null;
  ids: readonly string[];
}

export const COMPARE_KEY = 'compare';

/** What the store needs of a product: its id and category (a card or a product detail will do). */
export interface ComparableProduct {
  id: string;
  category: Category;
}

export type AddToCompareResult =
  /** Added to the list. */
  | 'added'
  /** It was already on the list. */
  | 'already'
  /** The list holds MAX_COMPARE products; nothing changed. */
  | 'full'
  /** The list holds products of another category; nothing changed (offer `replaceCompare`). */
  | 'other-category';

const EMPTY: CompareList = Object.freeze({ category: null, ids: Object.freeze([]) as readonly string[] });

/** Reads the stored list, forgiving junk: unknown categories, bad ids and extra entries are dropped. */
export function parseCompare(raw: string | null): CompareList {
  const parsed = parseJson(raw) as { category?: unknown; ids?: unknown } | undefined;
  if (typeof parsed !== 'object' || parsed === null) return EMPTY;
  const { category, ids } = parsed;
  if (typeof category !== 'string' || !isCategory(category) || !Array.isArray(ids)) return EMPTY;
  const clean = [...new Set(ids.filter(isProductId))].slice(0, MAX_COMPARE);
  return clean.length === 0 ? EMPTY : { category, ids: clean };
}

/** The rules of adding, without storage: pure, so the tests read like the rules. */
export function addToList(list: CompareList, product: ComparableProduct): { list: CompareList; result: AddToCompareResult } {
  if (list.ids.includes(product.id)) return { list, result: 'already' };
  if (list.ids.length > 0 && list.category !== product.category) return { list, result: 'other-category' };
  if (list.ids.length >= MAX_COMPARE) return { list, result: 'full' };
  return { list: { category: product.category, ids: [...list.ids, product.id] }, result: 'added' };
}

export function removeFromList(list: CompareList, productId: string): CompareList {
  const ids = list.ids.filter((id) => id !== productId);
  return ids.length === 0 ? EMPTY : { category: list.category, ids };
}

const store = createLocalStore(COMPARE_KEY, parseCompare);

export function readCompare(): CompareList {
  return store.read();
}

export function addToCompare(product: ComparableProduct): AddToCompareResult {
  const { list, result } = addToList(store.read(), product);
  if (result === 'added') store.write(list);
  return result;
}

/** Starts a new list with this product (after the shopper agreed to drop the other category). */
export function replaceCompare(product: ComparableProduct) {
  store.write({ category: product.category, ids: [product.id] });
}

export function removeFromCompare(productId: string) {
  store.write(removeFromList(store.read(), productId));
}

export function clearCompare() {
  store.write(EMPTY);
}

/** The compare list; follows changes in this and other tabs. */
export function useCompareList(): CompareList {
  return store.useValue();
}

/** The ids of the address (`?ids=a,b,c`): product ids only, each once, at most four. */
export function idsFromParams(params: URLSearchParams): string[] {
  const raw = params.get('ids') ?? '';
  return [
    ...new Set(
      raw
        .split(',')
        .map((id) => id.trim())
        .filter(isProductId),
    ),
  ].slice(0, MAX_COMPARE);
}
