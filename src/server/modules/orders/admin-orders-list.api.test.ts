import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrdersResponse } from '~/shared/schemas/admin-orders';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';
import { TOTAL_CAP } from './orders.admin.repo';

const kit = useOrdersTestApp();

let admin: string;
beforeAll(async () => {
  admin = (await signInAdmin(kit.t)).cookie;
});

async function list(query: string): Promise<AdminOrdersResponse> {
  const res = await json(kit.t.app, 'GET', `/api/admin/orders?${query}`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOrdersResponse;
}

/** The columns of a table a copy writes: all but generated and sequence-filled ones. */
async function columnsOf(table: string): Promise<string[]> {
  const found = await kit.rows<{ column_name: string }>(sql`
    select column_name from information_schema.columns
     where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
       and coalesce(column_default, '') not like 'nextval%'
     order by ordinal_position`);
  return found.map((c) => c.column_name);
}

/** `copies` copies of an order with its lines and payment, placed `daysAgo` days ago and still waiting for couriers. */
async function copiesOf(orderId: string, copies: number, daysAgo: number, tag: string) {
  const copy = async (table: string, on: string, rewrite: Record<string, string>) => {
    const columns = await columnsOf(table);
    const select = columns.map((c) => rewrite[c] ?? `t.${c}`).join(', ');
    await kit.db().execute(
      sql.raw(`insert into ${table} (${columns.join(', ')})
        select ${select} from ${table} t cross join generate_series(1, ${copies}) g where t.${on} = '${orderId}'`),
    );
  };
  await copy('orders', 'id', {
    id: `t.id || '_${tag}' || g`,
    idempotency_key: `t.idempotency_key || '_${tag}' || g`,
    status: `'processing'`,
    order_date: `now() - interval '${daysAgo} days' - g * interval '1 second'`,
  });
  await copy('order_items', 'order_id', { id: `t.id || '_${tag}' || g`, order_id: `t.order_id || '_${tag}' || g` });
  await copy('payments', 'order_id', {
    id: `t.id || '_${tag}' || g`,
    order_id: `t.order_id || '_${tag}' || g`,
    provider_order_id: `t.provider_order_id || '_${tag}' || g`,
    provider_payment_id: `t.provider_payment_id || '_${tag}' || g`,
  });
}

describe('the admin orders list over many orders', () => {
  it('counts a long list up to its cap and says there are more, and pages through it newest first', async () => {
    const [product] = await kit.productsUnder(4_000_000, 1);
    const { cookie, addressId } = await kit.customerWithAddress();
    const { order } = await kit.placed(cookie, {
      items: [{ productId: product!.id, quantity: 1 }],
      addressId,
      delivery: 'standard',
      paymentMethod: 'cod',
    });
    await copiesOf(order.id, TOTAL_CAP - 10, 4, 'a');
    const [customer] = await kit.rows<{ email: string }>(
      sql`select u.email from users u join orders o on o.user_id = u.id where o.id = ${order.id}`,
    );

    // Under the cap, totals are exact.
    const late = await list('late=true');
    expect(late).toMatchObject({ total: TOTAL_CAP - 10, totalCapped: false, page: 1 });
    expect(late.items).toHaveLength(20);
    expect(late.items.every((o) => o.late && o.status === 'processing' && o.itemCount === 1)).toBe(true);
    const all = await list('pageSize=100');
    expect(all).toMatchObject({ total: TOTAL_CAP - 9, totalCapped: false });
    const second = await list('pageSize=100&page=2');
    const dates = [...all.items, ...second.items].map((o) => o.orderDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set([...all.items, ...second.items].map((o) => o.id)).size).toBe(200);
    // A page past the end is empty but still counts the orders.
    const mine = await list(`q=${encodeURIComponent(customer!.email)}&page=999`);
    expect(mine).toMatchObject({ items: [], total: TOTAL_CAP - 9, totalCapped: false });

    // Past the cap, the count stops and says there are more.
    await copiesOf(order.id, 20, 5, 'b');
    expect(await list('late=true')).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(await list(`q=${encodeURIComponent(customer!.email)}`)).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(await list('late=false')).toMatchObject({ total: 1, totalCapped: false });
  });
});
