import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../test/accounts-kit';
import { cookieFrom, createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';
import type { MailTransport, OutgoingMail } from './mailer';
import { createMailService, MAX_MAIL_ATTEMPTS } from './mail.service';
import type { MailTemplateData } from './templates';

let t: TestApp;
let adminCookie: string;
let customerCookie: string;
const password = 'Kothrud-Laptop-42';

const paid: MailTemplateData['order_paid'] = {
  orderNumber: 'SC-2026-000042',
  customerName: 'Meera Kulkarni',
  items: [{ name: 'HP Victus 15', quantity: 1, unitPricePaise: 6_499_000 }],
  subtotalPaise: 6_499_000,
  shippingPaise: 0,
  totalPaise: 6_499_000,
};

async function signInCustomer() {
  const email = uniqueEmail('customer');
  await t.services.authService.registerAccount({ name: 'Test customer', email, password }, 'customer', null);
  return cookieFrom(await json(t.app, 'POST', '/api/auth/login', { email, password }));
}

beforeAll(async () => {
  t = await createTestApp();
  // An admin with two-step sign-in set up: admin routes, the mailbox too, answer no admin without it.
  adminCookie = (await signInAdmin(t)).cookie;
  customerCookie = await signInCustomer();
});
afterAll(() => t.close());

const mailbox = async (url = '/api/dev/mailbox?pageSize=100') => {
  const res = await json(t.app, 'GET', url, undefined, adminCookie);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { id: string; to: string; subject: string; template: string; status: string }[]; total: number };
};

describe('development mailbox (no SMTP configured)', () => {
  it('keeps an e-mail written in a committed transaction and shows it to an admin', async () => {
    const { db } = t.services.database;
    const { id } = await db.transaction((tx) =>
      t.services.mailService.enqueue(tx, { to: 'meera@example.in', toName: 'Meera Kulkarni', template: 'order_paid', data: paid }),
    );

    expect((await json(t.app, 'GET', '/api/dev/mailbox/status', undefined, adminCookie)).json()).toEqual({ mailboxEnabled: true });
    const list = await mailbox();
    expect(list.items[0]).toMatchObject({
      id,
      to: 'meera@example.in',
      template: 'order_paid',
      status: 'kept',
      subject: 'Payment received for order SC-2026-000042',
    });

    const detail = await json(t.app, 'GET', `/api/dev/mailbox/${id}`, undefined, adminCookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().text).toContain('₹64,990.00');
    expect(detail.json().html).toContain('Meera Kulkarni');
  });

  it('writes nothing when the transaction rolls back', async () => {
    const before = (await mailbox()).total;
    await expect(
      t.services.database.db.transaction(async (tx) => {
        await t.services.mailService.enqueue(tx, { to: 'rollback@example.in', template: 'order_paid', data: paid });
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    const after = await mailbox();
    expect(after.total).toBe(before);
    expect(after.items.some((m) => m.to === 'rollback@example.in')).toBe(false);
  });

  it('is for admins only', async () => {
    for (const url of ['/api/dev/mailbox', '/api/dev/mailbox/status', '/api/dev/mailbox/mail_x']) {
      expect((await json(t.app, 'GET', url)).statusCode, url).toBe(401);
      expect((await json(t.app, 'GET', url, undefined, customerCookie)).statusCode, url).toBe(403);
    }
  });

  it('answers 404 for an unknown e-mail', async () => {
    const res = await json(t.app, 'GET', '/api/dev/mailbox/mail_doesnotexist', undefined, adminCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('delivery over a transport', () => {
  function fakeTransport(fail: boolean) {
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      async send(message) {
        if (fail) throw new Error('421 SMTP server busy');
        sent.push(message);
        return { messageId: `<${sent.length}@test>` };
      },
    };
    return { transport, sent };
  }

  it('sends a queued e-mail once and marks it sent', async () => {
    const { transport, sent } = fakeTransport(false);
    const service = createMailService({ db: t.services.database.db, transport });
    const { id, status } = await service.enqueue(t.services.database.db, {
      to: 'rohan@example.in',
      toName: 'Rohan',
      template: 'order_paid',
      data: paid,
    });
    expect(status).toBe('queued');

    expect(await service.deliverPending({ limit: 10 })).toMatchObject({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'rohan@example.in', toName: 'Rohan', subject: 'Payment received for order SC-2026-000042' });
    expect(await service.deliverPending()).toMatchObject({ sent: 0 });

    const stored = await t.services.mailService.mailboxMessage(id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(stored.sentAt).not.toBeNull();
  });

  it('retries a failing e-mail with backoff, then marks it failed after 5 attempts', async () => {
    const { transport } = fakeTransport(true);
    const service = createMailService({ db: t.services.database.db, transport });
    const { id } = await service.enqueue(t.services.database.db, { to: 'bounce@example.in', template: 'order_paid', data: paid });

    // A second ahead: the database stamps microseconds, Date.now() milliseconds, so "now" could
    // otherwise fall a fraction of a millisecond before the message's due time.
    let now = Date.now() + 1_000;
    for (let attempt = 1; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
      expect(await service.deliverPending({ now: new Date(now) })).toMatchObject({ retried: 1, failed: 0 });
      // Not due again straight away: the next attempt waits for the backoff.
      expect(await service.deliverPending({ now: new Date(now + 1_000) })).toMatchObject({ retried: 0, failed: 0 });
      now += 60 * 60_000;
    }
    expect(await service.deliverPending({ now: new Date(now) })).toMatchObject({ retried: 0, failed: 1 });
    expect(await t.services.mailService.mailboxMessage(id)).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: '421 SMTP server busy',
    });
    expect(await service.deliverPending({ now: new Date(now + 24 * 60 * 60_000) })).toMatchObject({ retried: 0, failed: 0 });
  });
});

describe('with SMTP configured', () => {
  let smtp: TestApp;
  beforeAll(async () => {
    smtp = await createTestApp({ SMTP_URL: 'smtp://user:secret@127.0.0.1:2525', MAIL_FROM: 'Sahyadri Computers <orders@example.in>' });
  });
  afterAll(() => smtp.close());

  it('has no development mailbox', async () => {
    const { cookie } = await signInAdmin(smtp);
    expect((await json(smtp.app, 'GET', '/api/dev/mailbox/status', undefined, cookie)).json()).toEqual({ mailboxEnabled: false });
    const res = await json(smtp.app, 'GET', '/api/dev/mailbox', undefined, cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/mailbox is off/);
  });
});
