import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ProductCard, ProductListResponse } from '../../../src/shared/schemas/catalogue';
import type { OrderDetail } from '../../../src/shared/schemas/orders';
import { createCustomer, signIn } from './accounts';
import { expect } from './fixtures';

/**
 * The product with the most stock (other stories buy from the same demo data at the same time),
 * among those for sale that `fits`; from the API, never a hard-coded id.
 */
export async function bestStocked(
  request: APIRequestContext,
  category: 'Laptop' | 'Monitor',
  fits: (p: ProductCard) => boolean = () => true,
) {
  const response = await request.get(`/api/catalogue/products?category=${category}&in_stock=true&page_size=48`);
  expect(response.ok()).toBe(true);
  const items = ((await response.json()) as ProductListResponse).items.filter((p) => p.stock >= 5 && fits(p));
  expect(items.length).toBeGreaterThan(0);
  return items.sort((a, b) => b.stock - a.stock)[0]!;
}

/** One product in the cart, as an earlier visit would have left it in local storage. */
export async function storeCart(page: Page, product: ProductCard) {
  await page.addInitScript(
    (value) => {
      if (!window.sessionStorage.getItem('cart-seeded')) {
        window.localStorage.setItem('cart', value);
        window.sessionStorage.setItem('cart-seeded', '1');
      }
    },
    JSON.stringify([{ product: { id: product.id, price: product.pricePaise, name: product.name, stock: product.stock }, quantity: 1 }]),
  );
}

/** A fresh customer, signed in, with one product in the cart (as an earlier visit would have left it). */
export async function customerWithCart(page: Page, request: APIRequestContext, product: ProductCard, name: string) {
  const customer = await createCustomer(request, name);
  await storeCart(page, product);
  await signIn(page, '/login', customer.email, customer.password);
  await expect(page).not.toHaveURL(/\/login/);
  return customer;
}

/**
 * The address step of a new customer: the address book is empty, so the form is open. Opens checkout
 * anew unless `open` is false (the customer came to it from the cart).
 */
export async function addAddressAtCheckout(
  page: Page,
  name: string,
  address = { line1: 'Flat 7, Sai Residency, Baner Road', city: 'Pune', pin: '411045' },
  { open = true }: { open?: boolean } = {},
) {
  if (open) await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Where should we deliver?', level: 2 })).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByText('Address') })
      .first(),
  ).toHaveAttribute('aria-current', 'step');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number').fill('98220 45678');
  await page.getByLabel('Address line 1').fill(address.line1);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('PIN code').fill(address.pin);
  await page.getByRole('button', { name: 'Save and deliver here' }).click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to delivery' }).click();
  await expect(page.getByRole('heading', { name: 'How fast?' })).toBeFocused();
}

/**
 * A signed-in customer's cash-on-delivery order of one unit, placed through the API as the checkout sends it:
 * the address first, then the order with a new idempotency key. For stories that begin after the purchase.
 */
export async function placeCodOrder(
  request: APIRequestContext,
  address: { fullName: string; mobile: string; line1: string; city: string; state: string; pinCode: string },
  productId: string,
): Promise<OrderDetail> {
  const saved = await request.post('/api/addresses', { data: address });
  expect(saved.status(), await saved.text()).toBe(201);
  const placed = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      items: [{ productId, quantity: 1 }],
      addressId: ((await saved.json()) as { address: { id: string } }).address.id,
      delivery: 'standard',
      paymentMethod: 'cod',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: OrderDetail }).order;
}
