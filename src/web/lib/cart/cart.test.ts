import { describe, expect, it } from 'vitest';
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
} from './cart';

const laptop: CartProduct = { id: 'prd_laptop', price: 5_499_900, name: 'ThinkPad E14' };
const monitor: CartProduct = { id: 'prd_monitor', price: 1_249_900, name: 'Dell 24" monitor' };

describe('cart rules of the seed', () => {
  it('appends a new product with quantity 1 by default', () => {
    const cart = addItem(addItem([], laptop), monitor, 2);
    expect(cart).toEqual([
      { product: laptop, quantity: 1 },
      { product: monitor, quantity: 2 },
    ]);
  });

  it('adds the quantity when the product is already in the cart, keeping its place', () => {
    let cart = addItem([], laptop);
    cart = addItem(cart, monitor);
    cart = addItem(cart, laptop);
    cart = addItem(cart, laptop, 3);
    expect(cart.map((i) => [i.product.id, i.quantity])).toEqual([
      ['prd_laptop', 5],
      ['prd_monitor', 1],
    ]);
  });

  it('ignores a zero, negative or fractional quantity to add', () => {
    const cart = addItem([], laptop);
    expect(addItem(cart, monitor, 0)).toEqual(cart);
    expect(addItem(cart, laptop, -2)).toEqual(cart);
    expect(addItem(cart, laptop, 1.5)).toEqual(cart);
  });

  it('does not change the cart it was given', () => {
    const cart: CartItem[] = [{ product: laptop, quantity: 1 }];
    addItem(cart, laptop);
    setQuantity(cart, laptop.id, 4);
    removeItem(cart, laptop.id);
    expect(cart).toEqual([{ product: laptop, quantity: 1 }]);
  });

  it('sets a quantity, and removes the item when it is set to 0 or less', () => {
    const cart = addItem(addItem([], laptop), monitor);
    expect(setQuantity(cart, laptop.id, 4)[0]).toEqual({ product: laptop, quantity: 4 });
    expect(setQuantity(cart, laptop.id, 0).map((i) => i.product.id)).toEqual(['prd_monitor']);
    expect(setQuantity(cart, monitor.id, -1).map((i) => i.product.id)).toEqual(['prd_laptop']);
    expect(removeItem(cart, laptop.id).map((i) => i.product.id)).toEqual(['prd_monitor']);
  });

  it('takes a new price and stock into a line, keeping its quantity and the other lines', () => {
    const cart = addItem(addItem([], laptop, 2), monitor);
    const next = updateProduct(cart, laptop.id, { price: 5_299_900, stock: 3 });
    expect(next[0]).toEqual({ product: { ...laptop, price: 5_299_900, stock: 3 }, quantity: 2 });
    expect(next[1]).toBe(cart[1]);
    expect(cart[0]!.product.price).toBe(5_499_900);
  });

  it('totals the item count and the subtotal in paise', () => {
    const cart = addItem(addItem([], laptop, 2), monitor, 3);
    expect(totals(cart)).toEqual({ totalItems: 5, subtotal: 2 * 5_499_900 + 3 * 1_249_900 });
    expect(totals([])).toEqual({ totalItems: 0, subtotal: 0 });
  });
});

describe('parseStoredCart', () => {
  it('reads back a stored cart', () => {
    const cart = addItem(addItem([], laptop, 2), monitor);
    expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
  });

  it('gives an empty cart for nothing stored, unparseable JSON and values that are not arrays', () => {
    for (const raw of [null, '', '{not json', 'undefined', '{"product":{"id":"x","price":1},"quantity":1}', '42', 'null']) {
      expect(parseStoredCart(raw), String(raw)).toEqual([]);
    }
  });

  it('drops malformed items and keeps the good ones', () => {
    const good = { product: laptop, quantity: 2 };
    const stored = [
      good,
      null,
      'prd_laptop',
      { product: { id: 'prd_x', price: 100 } },
      { product: { id: 'prd_x', price: 100 }, quantity: 0 },
      { product: { id: 'prd_x', price: 100 }, quantity: -1 },
      { product: { id: 'prd_x', price: 100 }, quantity: 1.5 },
      { product: { id: '', price: 100 }, quantity: 1 },
      { product: { id: 'prd_x', price: '100' }, quantity: 1 },
      { product: { id: 'prd_x', price: 99.5 }, quantity: 1 },
      { product: null, quantity: 1 },
      { quantity: 1 },
    ];
    expect(parseStoredCart(JSON.stringify(stored))).toEqual([good]);
  });
});

describe('line limit', () => {
  const product = { id: 'p1', price: 100 };
  // The most any order line may carry (a business's limit may reach it, decision 77); the server checks each product's limit.
  it('keeps one line at 1,000 at most, however often the product is added or set', () => {
    let cart = addItem([], product, 999);
    cart = addItem(cart, product, 5);
    expect(cart[0]!.quantity).toBe(1000);
    expect(addItem([], product, 2500)[0]!.quantity).toBe(1000);
    expect(setQuantity(cart, 'p1', 1e9)[0]!.quantity).toBe(1000);
  });

  it('holds at most 50 different products; more of one already there can still be added', () => {
    let cart: CartItem[] = [];
    for (let i = 0; i < 50; i++) cart = addItem(cart, { id: `p${i}`, price: 100 });
    expect(isCartFullFor(cart, 'p50')).toBe(true);
    expect(addItem(cart, { id: 'p50', price: 100 })).toHaveLength(50);
    expect(isCartFullFor(cart, 'p3')).toBe(false);
    expect(addItem(cart, { id: 'p3', price: 100 }).find((i) => i.product.id === 'p3')!.quantity).toBe(2);
  });
});

describe('the same product from two sellers (decision 70)', () => {
  const fromSecondSeller: CartProduct = { ...laptop, price: 5_399_900, offerId: 'off_second', sellerName: 'Navi Mumbai Laptops' };

  it('keeps two lines, each changed and removed on its own, and a cart of before keyed by its product', () => {
    let cart = addItem(addItem([], laptop), fromSecondSeller, 2);
    expect(cart.map((i) => lineKeyOf(i.product))).toEqual(['prd_laptop', 'prd_laptop:off_second']);
    cart = setQuantity(cart, lineKeyOf(fromSecondSeller), 3);
    expect(cart.map((i) => i.quantity)).toEqual([1, 3]);
    expect(totals(cart).subtotal).toBe(5_499_900 + 3 * 5_399_900);
    cart = removeItem(cart, 'prd_laptop');
    expect(cart).toEqual([{ product: fromSecondSeller, quantity: 3 }]);
    // The product's own offer named by its id is the product's own line.
    expect(lineKeyOf({ id: 'prd_laptop', offerId: 'prd_laptop' })).toBe('prd_laptop');
  });

  it('reads a stored line with its offer back, and drops one whose offer is not text', () => {
    const raw = JSON.stringify([
      { product: fromSecondSeller, quantity: 1 },
      { product: { ...laptop, offerId: 42 }, quantity: 1 },
    ]);
    expect(parseStoredCart(raw)).toEqual([{ product: fromSecondSeller, quantity: 1 }]);
  });
});
