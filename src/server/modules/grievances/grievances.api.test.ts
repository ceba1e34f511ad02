import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { grievanceDueDates } from '~/shared/grievance-deadlines';
import type { GrievanceFiled, GrievanceOverdueCounts, GrievancesResponse, GrievanceThread } from '~/shared/schemas/grievances';
import type { AdminSettingsResponse, PublicSettings } from '~/shared/schemas/settings';
import { signInAdmin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json, uniqueEmail } from '../../test/test-app';

const kit = useOrdersTestApp();
let admin: { cookie: string; email: string };
beforeAll(async () => {
  admin = await signInAdmin(kit.t);
});

const DESCRIPTION = 'The laptop arrived with a cracked hinge and the seller has not answered for a week.';

/** A customer with an order of one product; the order's id, its one line and the customer's cookie. */
async function customerWithOrder() {
  const [product] = await kit.productsUnder(4_000_000, 1);
  const { cookie, addressId } = await kit.customerWithAddress();
  const { order } = await kit.placed(cookie, {
    items: [{ productId: product!.id, quantity: 1 }],
    addressId,
    delivery: 'standard',
    paymentMethod: 'cod',
  });
  const [email] = await kit.rows<{ email: string }>(
    sql`select u.email from users u join orders o on o.user_id = u.id where o.id = ${order.id}`,
  );
  return { cookie, order, itemId: order.items[0]!.id, email: email!.email };
}

const fileFromOrder = (cookie: string, body: object) => json(kit.t.app, 'POST', '/api/grievances/order', body, cookie);
const fileFromContact = (body: object, cookie?: string) => json(kit.t.app, 'POST', '/api/grievances', body, cookie);
const visitor = (overrides: object = {}) => ({
  name: 'Ravi Shinde',
  email: uniqueEmail('ravi'),
  mobile: '9822012345',
  category: 'delivery',
  description: 'My parcel SC-100042 shows delivered but never reached me in Nashik.',
  ...overrides,
});

async function mailTo(address: string) {
  const { rows } = await kit.t.services.database.db.execute<{ template: string; subject: string; text: string }>(
    sql`select template, subject, text from mail_messages where to_address = ${address} order by created_at, id`,
  );
  return rows;
}
async function auditOf(id: string) {
  const { rows } = await kit.t.services.database.db.execute<{ action: string; actor_email: string; before: unknown; after: unknown }>(
    sql`select action, actor_email, before, after from audit_log where entity_type = 'grievance' and entity_id = ${id} order by id`,
  );
  return rows;
}
async function adminGet<T>(path: string): Promise<T> {
  const res = await json(kit.t.app, 'GET', path, undefined, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const adminPost = (path: string, body?: object) => json(kit.t.app, 'POST', path, body, admin.cookie);

/** Moves a complaint's receipt `days` into the past, with its due dates (as if it had been filed then). */
async function receivedDaysAgo(id: string, days: number) {
  const receivedAt = new Date(Date.now() - days * 86_400_000);
  const { acknowledgeBy, resolveBy } = grievanceDueDates(receivedAt);
  await kit.t.services.database.db.execute(
    sql`update grievances set received_at = ${receivedAt.toISOString()}, acknowledge_by = ${acknowledgeBy.toISOString()},
        resolve_by = ${resolveBy.toISOString()} where id = ${id}`,
  );
}

describe('filing a complaint', () => {
  it('from an order: a ticket number and due dates at once, the same in the acknowledgement e-mail, and on the customer’s list', async () => {
    const { cookie, order, itemId, email } = await customerWithOrder();
    const res = await fileFromOrder(cookie, {
      orderId: order.id,
      orderItemId: itemId,
      category: 'product_defect',
      description: DESCRIPTION,
    });
    expect(res.statusCode, res.body).toBe(201);
    const filed = res.json() as GrievanceFiled;
    expect(filed.ticketNumber).toMatch(/^GRV-\d{4}-\d{6}$/);
    const due = grievanceDueDates(new Date(filed.receivedAt));
    expect(filed.acknowledgeBy).toBe(due.acknowledgeBy.toISOString());
    expect(filed.resolveBy).toBe(due.resolveBy.toISOString());
    expect(new Date(filed.acknowledgeBy).getTime() - new Date(filed.receivedAt).getTime()).toBe(48 * 3_600_000);

    const mails = await mailTo(email);
    const received = mails.find((m) => m.template === 'grievance_received');
    expect(received?.subject).toBe(`We received your complaint ${filed.ticketNumber}`);
    expect(received?.text).toContain(`Ticket number: ${filed.ticketNumber}`);
    expect(received?.text).toContain(`Product defect, order ${order.orderNumber}`);
    expect(received?.text).toMatch(/acknowledge it by .+ IST and resolve it by .+ IST/);
    expect(received?.text).toContain(`/account/complaints/${filed.id}`);

    const mine = (await json(kit.t.app, 'GET', `/api/grievances?orderId=${order.id}`, undefined, cookie)).json() as GrievancesResponse;
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      id: filed.id,
      ticketNumber: filed.ticketNumber,
      status: 'received',
      source: 'order',
      orderNumber: order.orderNumber,
      orderItemId: itemId,
      itemName: order.items[0]!.name,
      category: 'product_defect',
      acknowledgementOverdue: false,
      resolutionOverdue: false,
    });
  });

  it('from the contact page: a visitor gives name, e-mail and mobile and is e-mailed the ticket', async () => {
    const body = visitor({ orderNumber: 'sc-100042' });
    const res = await fileFromContact(body);
    expect(res.statusCode, res.body).toBe(201);
    const filed = res.json() as GrievanceFiled;
    const thread = await adminGet<GrievanceThread>(`/api/admin/grievances/${filed.id}`);
    expect(thread.grievance).toMatchObject({
      source: 'contact',
      name: 'Ravi Shinde',
      email: body.email,
      mobile: '+919822012345',
      orderNumber: 'SC-100042',
      orderId: null,
      status: 'received',
    });
    const [mail] = await mailTo(body.email);
    expect(mail).toMatchObject({ template: 'grievance_received', subject: `We received your complaint ${filed.ticketNumber}` });
    // A visitor has no account page to follow it on.
    expect(mail!.text).not.toContain('/account/complaints/');
  });

  it('gives every complaint its own number when many are filed at the same moment', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => fileFromContact(visitor())));
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const numbers = results.map((r) => (r.json() as GrievanceFiled).ticketNumber);
    expect(new Set(numbers).size).toBe(12);
    const counters = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(counters.at(-1)! - counters[0]!).toBe(11);
  });

  it('refuses bad input with the fields to fix, and files nothing', async () => {
    const before = (await adminGet<GrievancesResponse>('/api/admin/grievances')).total;
    const cases: [object, string[]][] = [
      [visitor({ mobile: undefined }), ['mobile']],
      [visitor({ mobile: '12345' }), ['mobile']],
      [visitor({ email: 'not-an-address', description: 'too short' }), ['email', 'description']],
      [visitor({ category: 'rudeness' }), ['category']],
      [visitor({ orderNumber: 'ORDER 42' }), ['orderNumber']],
    ];
    for (const [body, fields] of cases) {
      const res = await fileFromContact(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys((res.json() as { error: { fields: Record<string, string> } }).error.fields).sort()).toEqual(fields.sort());
    }
    expect((await fileFromContact({ ...visitor(), status: 'resolved' })).statusCode).toBe(400);

    const { cookie, order } = await customerWithOrder();
    const wrongLine = await fileFromOrder(cookie, {
      orderId: order.id,
      orderItemId: 'itm_nope',
      category: 'refund',
      description: DESCRIPTION,
    });
    expect(wrongLine.statusCode).toBe(400);
    expect((wrongLine.json() as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      orderItemId: 'Choose an item of this order',
    });
    const noCategory = await fileFromOrder(cookie, { orderId: order.id, description: DESCRIPTION });
    expect(noCategory.statusCode).toBe(400);
    expect((noCategory.json() as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('category');
    expect((await adminGet<GrievancesResponse>('/api/admin/grievances')).total).toBe(before);
  });

  it('asks a visitor to sign in to file from an order', async () => {
    expect((await fileFromOrder('', { orderId: 'ord_x', category: 'refund', description: DESCRIPTION })).statusCode).toBe(401);
  });
});

describe('a customer’s own complaints', () => {
  it('shows another customer’s order, complaint and thread as not found', async () => {
    const asha = await customerWithOrder();
    const other = await customerWithOrder();
    const filed = (
      await fileFromOrder(asha.cookie, { orderId: asha.order.id, category: 'delivery', description: DESCRIPTION })
    ).json() as GrievanceFiled;

    expect((await fileFromOrder(other.cookie, { orderId: asha.order.id, category: 'delivery', description: DESCRIPTION })).statusCode).toBe(
      404,
    );
    expect((await json(kit.t.app, 'GET', `/api/grievances/${filed.id}`, undefined, other.cookie)).statusCode).toBe(404);
    const reply = await json(
      kit.t.app,
      'POST',
      `/api/grievances/${filed.id}/messages`,
      { body: 'Is there any news on this?' },
      other.cookie,
    );
    expect(reply.statusCode).toBe(404);
    const list = (
      await json(kit.t.app, 'GET', `/api/grievances?orderId=${asha.order.id}`, undefined, other.cookie)
    ).json() as GrievancesResponse;
    expect(list.items).toEqual([]);
    expect((await json(kit.t.app, 'GET', `/api/grievances/${filed.id}`, undefined, asha.cookie)).statusCode).toBe(200);
  });
});

describe('the grievance officer’s desk', () => {
  it('acknowledges, replies and resolves, e-mailing the customer each time and auditing every step; the customer answers while it is open', async () => {
    const { cookie, order, email } = await customerWithOrder();
    const filed = (
      await fileFromOrder(cookie, { orderId: order.id, category: 'refund', description: DESCRIPTION })
    ).json() as GrievanceFiled;
    const path = `/api/admin/grievances/${filed.id}`;

    const ack = await adminPost(`${path}/acknowledge`, { message: 'We have asked the seller for the inspection report.' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect((ack.json() as GrievanceThread).grievance).toMatchObject({ status: 'acknowledged', acknowledgedAt: expect.any(String) });
    expect((await adminPost(`${path}/acknowledge`, {})).statusCode).toBe(409);

    const answer = await json(
      kit.t.app,
      'POST',
      `/api/grievances/${filed.id}/messages`,
      { body: 'I can send photos of the hinge.' },
      cookie,
    );
    expect(answer.statusCode, answer.body).toBe(201);

    const reply = await adminPost(`${path}/replies`, { body: 'Please send the photos by replying here.' });
    expect(reply.statusCode, reply.body).toBe(201);

    const resolution = 'The seller replaces the laptop; the courier collects the old one on 10 December.';
    const resolved = await adminPost(`${path}/resolve`, { resolution });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((resolved.json() as GrievanceThread).grievance).toMatchObject({
      status: 'resolved',
      resolution,
      resolvedAt: expect.any(String),
    });
    expect((await adminPost(`${path}/resolve`, { resolution })).statusCode).toBe(409);

    // The customer sees the officer's words (not which admin wrote them) and cannot answer a resolved complaint.
    const mine = (await json(kit.t.app, 'GET', `/api/grievances/${filed.id}`, undefined, cookie)).json() as GrievanceThread;
    expect(mine.messages.map((m) => [m.author, m.byName, m.body])).toEqual([
      ['officer', null, 'We have asked the seller for the inspection report.'],
      ['customer', null, 'I can send photos of the hinge.'],
      ['officer', null, 'Please send the photos by replying here.'],
      ['officer', null, resolution],
    ]);
    const late = await json(kit.t.app, 'POST', `/api/grievances/${filed.id}/messages`, { body: 'One more thing to add.' }, cookie);
    expect(late.statusCode).toBe(409);

    const mails = await mailTo(email);
    expect(mails.map((m) => m.template).filter((t) => t.startsWith('grievance_'))).toEqual([
      'grievance_received',
      'grievance_acknowledged',
      'grievance_reply',
      'grievance_resolved',
    ]);
    const resolvedMail = mails.find((m) => m.template === 'grievance_resolved')!;
    expect(resolvedMail.subject).toBe(`Complaint ${filed.ticketNumber} resolved`);
    expect(resolvedMail.text).toContain(resolution);

    const closed = await adminPost(`${path}/close`);
    expect(closed.statusCode).toBe(200);
    expect((closed.json() as GrievanceThread).grievance.status).toBe('closed');

    expect((await auditOf(filed.id)).map((e) => [e.action, e.actor_email])).toEqual([
      ['grievance.acknowledge', admin.email],
      ['grievance.reply', admin.email],
      ['grievance.resolve', admin.email],
      ['grievance.close', admin.email],
    ]);
    expect((await auditOf(filed.id))[2]).toMatchObject({ before: { status: 'acknowledged' }, after: { status: 'resolved', resolution } });
  });

  it('refuses an empty resolution with its field, and a complaint that does not exist', async () => {
    const filed = (await fileFromContact(visitor())).json() as GrievanceFiled;
    const res = await adminPost(`/api/admin/grievances/${filed.id}/resolve`, { resolution: 'ok' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('resolution');
    expect((await adminPost('/api/admin/grievances/grv_missing/acknowledge', {})).statusCode).toBe(404);
    expect((await adminPost(`/api/admin/grievances/${filed.id}/close`)).statusCode).toBe(409);
  });

  it('flags and filters complaints past their acknowledgement or resolution date, and counts them', async () => {
    const fresh = (await fileFromContact(visitor())).json() as GrievanceFiled;
    const unacknowledged = (await fileFromContact(visitor())).json() as GrievanceFiled;
    const unresolved = (await fileFromContact(visitor())).json() as GrievanceFiled;
    const resolvedLate = (await fileFromContact(visitor())).json() as GrievanceFiled;
    await receivedDaysAgo(unacknowledged.id, 3);
    await receivedDaysAgo(unresolved.id, 40);
    await receivedDaysAgo(resolvedLate.id, 40);
    expect((await adminPost(`/api/admin/grievances/${unresolved.id}/acknowledge`, {})).statusCode).toBe(200);
    const resolution = 'Refunded ₹54,990 to the original UPI account, reference 4839201.';
    expect((await adminPost(`/api/admin/grievances/${resolvedLate.id}/resolve`, { resolution })).statusCode).toBe(200);

    const ids = (r: GrievancesResponse) => r.items.map((g) => g.id);
    const ackLate = await adminGet<GrievancesResponse>('/api/admin/grievances?overdue=acknowledgement&pageSize=100');
    expect(ids(ackLate)).toContain(unacknowledged.id);
    expect(ids(ackLate)).not.toContain(fresh.id);
    expect(ids(ackLate)).not.toContain(unresolved.id);
    const resLate = await adminGet<GrievancesResponse>('/api/admin/grievances?overdue=resolution&pageSize=100');
    expect(ids(resLate)).toContain(unresolved.id);
    expect(ids(resLate)).not.toContain(resolvedLate.id);
    expect(ids(resLate)).not.toContain(unacknowledged.id);
    expect(resLate.items.find((g) => g.id === unresolved.id)).toMatchObject({ acknowledgementOverdue: false, resolutionOverdue: true });
    const all = await adminGet<GrievancesResponse>('/api/admin/grievances?overdue=any&pageSize=100');
    expect(ids(all)).toEqual(expect.arrayContaining([unacknowledged.id, unresolved.id]));

    const counts = await adminGet<GrievanceOverdueCounts>('/api/admin/grievances/overdue');
    expect(counts.acknowledgement).toBe(ackLate.total);
    expect(counts.resolution).toBe(resLate.total);
    expect(counts.any).toBe(all.total);
    const byStatus = await adminGet<GrievancesResponse>(`/api/admin/grievances?status=resolved&q=${resolvedLate.ticketNumber}`);
    expect(ids(byStatus)).toEqual([resolvedLate.id]);
    expect((await json(kit.t.app, 'GET', '/api/admin/grievances?overdue=soon', undefined, admin.cookie)).statusCode).toBe(400);
  });
});

describe('the grievance officer’s details', () => {
  it('are edited in the settings, shown publicly and sign the e-mails', async () => {
    const current = await adminGet<AdminSettingsResponse>('/api/admin/settings');
    const officer = {
      name: 'Kavita Rane',
      designation: 'Chief Grievance Officer',
      address: 'Office 4, Palm Beach Road\nSector 19, Navi Mumbai, Maharashtra 400705',
      phone: '+91 98220 45678',
      email: 'grievance.officer@example.in',
      hours: 'Monday to Friday, 10:00 to 17:00 IST',
    };
    const bad = await json(
      kit.t.app,
      'PUT',
      '/api/admin/settings',
      { settings: { ...current.settings, grievanceOfficer: { ...officer, phone: '12345678' } }, version: current.version },
      admin.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(['settings.grievanceOfficer.phone']);
    const saved = await json(
      kit.t.app,
      'PUT',
      '/api/admin/settings',
      { settings: { ...current.settings, grievanceOfficer: officer }, version: current.version },
      admin.cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(((await json(kit.t.app, 'GET', '/api/settings')).json() as PublicSettings).grievanceOfficer).toEqual(officer);

    const body = visitor();
    expect((await fileFromContact(body)).statusCode).toBe(201);
    expect((await mailTo(body.email))[0]!.text).toContain('Kavita Rane, Chief Grievance Officer');
  });
});
