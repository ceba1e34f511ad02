import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { linkFromOutbox } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, json, type TestApp } from '../../test/test-app';

/** Visitors' requests per client and hour in these tests (registrations count against it too). */
export const TEST_FORM_LIMIT = 25;

/**
 * A test app with the demo catalogue for the alert tests, and what they do over and over: take
 * products of their own and sell them out, restock, ask for alerts, count the e-mails an address got.
 */
export function useAlertsTestApp() {
  const kit = { t: undefined as unknown as TestApp };
  beforeAll(async () => {
    kit.t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: TEST_FORM_LIMIT });
    await seedDemoCatalogueForTests(kit.t.services);
  }, 120_000);
  afterAll(() => kit.t.close());

  const db = () => kit.t.services.database.db;
  async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await db().execute(query)).rows as T[];
  }

  const taken = new Set<string>();
  /** Products on sale, each handed to one test only, sold out (stock 0). `vendorId` picks one seller's. */
  async function soldOutProducts(count: number, vendorId?: string): Promise<{ id: string; name: string; vendor_id: string }[]> {
    const candidates = await rows<{ id: string; name: string; vendor_id: string }>(sql`
      select id, name, vendor_id from products
       where status = 'active' and vendor_active ${vendorId ? sql`and vendor_id = ${vendorId}` : sql``}
       order by id`);
    const mine = candidates.filter((p) => !taken.has(p.id)).slice(0, count);
    if (mine.length < count) throw new Error('the test catalogue has too few products for these tests');
    for (const p of mine) {
      taken.add(p.id);
      await setStock(p.id, 0);
    }
    return mine;
  }

  /** Sets the stock as any write would (the job must not care which one did it). */
  async function setStock(id: string, stock: number) {
    await db().execute(sql`update products set stock = ${stock} where id = ${id}`);
  }

  /** How many e-mails of a template an address got. */
  async function emailsTo(to: string, template = 'back_in_stock'): Promise<number> {
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_messages where lower(to_address) = lower(${to}) and template = ${template}`,
    );
    return row!.n;
  }

  async function statusOf(alertId: string): Promise<string | undefined> {
    return (await rows<{ status: string }>(sql`select status from stock_alerts where id = ${alertId}`))[0]?.status;
  }

  /** A visitor asks for an alert and opens the confirmation link e-mailed to them. */
  async function visitorAlert(productId: string, email: string, remoteAddress = '127.0.0.1') {
    const asked = await kit.t.app.inject({ method: 'POST', url: '/api/stock-alerts', payload: { productId, email }, remoteAddress });
    expect(asked.statusCode, asked.body).toBe(202);
    const token = (await linkFromOutbox(kit.t, email, 'stock_alert_confirm')).searchParams.get('token');
    const confirmed = await json(kit.t.app, 'POST', '/api/stock-alerts/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json() as { message: string; product: { id: string; name: string }; inStock: boolean };
  }

  /** A signed-in person's one click. */
  async function accountAlert(productId: string, cookie: string) {
    const res = await json(kit.t.app, 'POST', '/api/stock-alerts', { productId }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: 'waiting'; alert: { id: string; email: string; status: string } };
  }

  return { kit, db, rows, soldOutProducts, setStock, emailsTo, statusOf, visitorAlert, accountAlert };
}
