// The admin console's part of `npm run bench`: the orders of the checkout run are multiplied in SQL
// to ORDERS orders (with their lines and payments) spread over the last year, in a mix of statuses,
// and the admin's dashboard and orders list are measured at 20 connections over them.
import autocannon from 'autocannon';
import pg from 'pg';

const PASSWORD = 'Bench-Admin-2026';
const STATUSES = ['placed', 'processing', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled'];

/** The columns to copy of a table: all but generated and sequence-filled ones. */
async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
        and coalesce(column_default, '') not like 'nextval%'
      order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** A copy of every row of `table` per clone (`clone_map`), with the given columns rewritten. */
async function cloneRows(client: pg.Client, table: string, joinOn: string, rewrite: Record<string, string>) {
  const columns = await columnsOf(client, table);
  const select = columns.map((c) => rewrite[c] ?? `t.${c}`).join(', ');
  await client.query(
    `insert into ${table} (${columns.join(', ')}) select ${select} from ${table} t join clone_map m on m.src = t.${joinOn}`,
  );
}

/** Multiplies the orders in the database to `target` orders; returns how many there are. */
export async function generateOrders(databaseUrl: string, target: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from orders`);
    const have = rows[0]!.n;
    if (have === 0) throw new Error('no orders to multiply: run the checkout part first');
    const copies = Math.ceil((target - have) / have);
    await client.query('begin');
    await client.query(
      `create temp table clone_map on commit drop as
         select o.id as src, o.id || '_b' || g as dst, g, row_number() over () as n
           from orders o cross join generate_series(1, $1::int) g
          limit $2`,
      [copies, target - have],
    );
    const status = `(array[${STATUSES.map((s) => `'${s}'`).join(',')}])[1 + (m.n % ${STATUSES.length})]`;
    const when = `now() - ((m.n % 365) || ' days')::interval - ((m.n % 86400) || ' seconds')::interval`;
    await cloneRows(client, 'orders', 'id', {
      id: 'm.dst',
      order_number: `t.order_number || '-' || m.g`,
      idempotency_key: `t.idempotency_key || '-' || m.g`,
      status,
      order_date: when,
      updated_at: when,
      delivered_at: `case when ${status} = 'delivered' then ${when} + interval '3 days' end`,
      cancelled_at: `case when ${status} = 'cancelled' then ${when} + interval '1 hour' end`,
      cancel_reason: `case when ${status} = 'cancelled' then 'Ordered by mistake' end`,
    });
    await cloneRows(client, 'order_items', 'order_id', { id: `t.id || '_b' || m.g`, order_id: 'm.dst' });
    await cloneRows(client, 'payments', 'order_id', {
      id: `t.id || '_b' || m.g`,
      order_id: 'm.dst',
      created_at: when,
      // unique per payment (null for cash on delivery, the checkout run's orders; set on the demo data's)
      provider_order_id: `t.provider_order_id || '_b' || m.g`,
      provider_payment_id: `t.provider_payment_id || '_b' || m.g`,
    });
    // Shipped and delivered orders have their sellers' shipments, as the shop's own steps leave them
    // (the late-to-ship rule and the tracking-number search read them).
    await client.query(
      `insert into shipments (id, order_id, vendor_id, carrier, tracking_number, status, shipped_at, delivered_at)
       select 'shp_' || s.order_id || '_' || s.n, s.order_id, s.vendor_id, 'Blue Dart', 'BD' || s.seq || s.n,
              case when s.status = 'delivered' then 'delivered' else 'shipped' end, s.order_date + interval '1 day', s.delivered_at
         from (select o.id as order_id, o.seq, o.status, o.order_date, o.delivered_at, i.vendor_id,
                      row_number() over (partition by o.id order by i.vendor_id) as n
                 from clone_map m join orders o on o.id = m.dst
                 join (select distinct order_id, vendor_id from order_items) i on i.order_id = o.id
                where o.status in ('shipped', 'delivered')) s`,
    );
    await client.query('commit');
    await client.query('vacuum analyze');
    const { rows: after } = await client.query<{ n: number }>(`select count(*)::int as n from orders`);
    return after[0]!.n;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function signInAdmin(baseUrl: string, databaseUrl: string): Promise<string> {
  const email = `bench.admin.${Date.now().toString(36)}@example.in`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Admin', email, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`registering the bench admin failed: ${res.status} ${await res.text()}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`update users set role = 'admin' where email = $1`, [email]);
  await client.query(`delete from sessions where user_id = (select id from users where email = $1)`, [email]);
  await client.end();
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, portal: 'admin' }),
  });
  if (login.status !== 200) throw new Error(`the bench admin's sign-in failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The admin dashboard and orders list at 20 connections, as the shop runs and with its caches off. */
export async function benchAdmin(options: { baseUrl: string; uncachedUrl: string; databaseUrl: string; orders: number; duration: number }) {
  const orders = await generateOrders(options.databaseUrl, options.orders);
  const cookie = await signInAdmin(options.baseUrl, options.databaseUrl);
  const measure = async (url: string) => {
    const first = await fetch(url, { headers: { cookie } });
    if (!first.ok) throw new Error(`${url}: ${first.status} ${(await first.text()).slice(0, 300)}`);
    await autocannon({ url, headers: { cookie }, connections: 20, duration: 2 });
    const r = await autocannon({ url, headers: { cookie }, connections: 20, duration: options.duration });
    return { reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
  };
  const scenarios = [
    { name: 'dashboard 30 days', path: '/api/admin/dashboard?range=30d' },
    { name: 'dashboard this month', path: '/api/admin/dashboard?range=month' },
    { name: 'orders, newest', path: '/api/admin/orders' },
    { name: 'orders, shipped, page 5', path: '/api/admin/orders?status=shipped&page=5' },
    { name: 'orders, late to ship', path: '/api/admin/orders?late=true' },
    { name: 'orders, customer search', path: '/api/admin/orders?q=customer%2017' },
  ];
  const results = [];
  for (const s of scenarios) {
    results.push({
      ...s,
      shop: await measure(`${options.baseUrl}${s.path}`),
      noCache: await measure(`${options.uncachedUrl}${s.path}`),
    });
  }
  return { orders, results };
}
