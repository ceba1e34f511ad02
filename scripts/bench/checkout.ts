// The checkout part of `npm run bench`: customers placing cash-on-delivery orders through the built
// shop at 50 connections, once spread over many products and once all on one "hot" product (every
// order then queues on the same row lock). Afterwards the books are checked: orders answered 201 =
// orders in the database (give or take the requests in flight when the run stops), and the stock
// taken = the quantities ordered.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';

const CUSTOMERS = 50;
const PASSWORD = 'Bench-Checkout-2026';
const ADDRESS = {
  fullName: 'Bench Customer',
  mobile: '9822012345',
  line1: 'Flat 1, Bench Towers',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411045',
};

interface Customer {
  cookie: string;
  addressId: string;
}

async function registerCustomers(baseUrl: string): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const email = `bench.${Date.now().toString(36)}.${i}@example.in`;
    const res = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench Customer ${i + 1}`, email, password: PASSWORD, confirmPassword: PASSWORD }),
    });
    if (res.status !== 201) throw new Error(`registering a bench customer failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const address = await fetch(`${baseUrl}/api/addresses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(ADDRESS),
    });
    if (address.status !== 201) throw new Error(`adding an address failed: ${address.status} ${await address.text()}`);
    customers.push({ cookie, addressId: ((await address.json()) as { address: { id: string } }).address.id });
  }
  return customers;
}

export interface CheckoutResult {
  scenario: string;
  ordersPerSec: number;
  p50: number;
  p99: number;
  created: number;
  /** Orders in the database afterwards (≥ created: answers of requests cut off at the end are not counted). */
  written: number;
  refused: number;
  /** Orders answered 201 = orders written, and stock taken = quantities ordered. */
  consistent: boolean;
}

export async function benchCheckout(options: {
  baseUrl: string;
  databaseUrl: string;
  duration: number;
  connections: number;
  /** Only one of the two scenarios (the cluster part measures the spread one). */
  only?: 'spread' | 'hot';
  /** Called just before each scenario's load starts and after its orders have committed (the cluster part's CPU meter). */
  aroundRun?: { before(): void; after(): void };
}): Promise<CheckoutResult[]> {
  const { baseUrl, databaseUrl, duration, connections } = options;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const customers = await registerCustomers(baseUrl);
    // Products under ₹45,000 (cash on delivery allows up to ₹50,000), given plenty of stock.
    const { rows } = await db.query<{ id: string }>(
      `select id from products where status = 'active' and vendor_active and price_paise <= 4500000 order by id limit 200`,
    );
    const spread = rows.map((r) => r.id);
    const hot = [spread[0]!];
    await db.query(`update products set stock = 1000000 where id = any($1)`, [spread]);

    const results: CheckoutResult[] = [];
    const scenarios = [
      ['spread over 200 products', spread, 'spread'],
      ['one hot product', hot, 'hot'],
    ] as const;
    for (const [scenario, products, kind] of scenarios) {
      if (options.only && options.only !== kind) continue;
      const before = await db.query<{ stock: string; orders: string; quantity: string }>(
        `select (select sum(stock) from products where id = any($1)) as stock, (select count(*) from orders) as orders,
                (select coalesce(sum(quantity), 0) from order_items where product_id = any($1)) as quantity`,
        [products],
      );
      let n = 0;
      options.aroundRun?.before();
      const run = await autocannon({
        url: baseUrl,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/api/orders',
            setupRequest: (request) => {
              n += 1;
              const customer = customers[n % customers.length]!;
              const productId = products[n % products.length]!;
              return {
                ...request,
                headers: { 'content-type': 'application/json', cookie: customer.cookie, 'idempotency-key': randomUUID() },
                body: JSON.stringify({
                  items: [{ productId, quantity: 1 }],
                  addressId: customer.addressId,
                  delivery: 'standard',
                  paymentMethod: 'cod',
                }),
              };
            },
          },
        ],
      });
      // Requests still in flight when the run ends finish on the server; let them commit.
      await new Promise((r) => setTimeout(r, 3_000));
      options.aroundRun?.after();
      const after = await db.query<{ stock: string; orders: string; quantity: string }>(
        `select (select sum(stock) from products where id = any($1)) as stock, (select count(*) from orders) as orders,
                (select coalesce(sum(quantity), 0) from order_items where product_id = any($1)) as quantity`,
        [products],
      );
      const created = run['2xx'];
      const ordersWritten = Number(after.rows[0]!.orders) - Number(before.rows[0]!.orders);
      const stockTaken = Number(before.rows[0]!.stock) - Number(after.rows[0]!.stock);
      const ordered = Number(after.rows[0]!.quantity) - Number(before.rows[0]!.quantity);
      results.push({
        scenario,
        ordersPerSec: Math.round(created / duration),
        p50: run.latency.p50,
        p99: run.latency.p99,
        created,
        refused: run.non2xx + run.errors + run.timeouts,
        written: ordersWritten,
        // Every unit of stock taken is in an order line, one per order; every 201 is an order (the
        // requests cut off at the end of the run may have been written without their answer being read).
        consistent:
          stockTaken === ordered && ordered === ordersWritten && ordersWritten >= created && ordersWritten - created <= connections,
      });
    }
    return results;
  } finally {
    await db.end();
  }
}
