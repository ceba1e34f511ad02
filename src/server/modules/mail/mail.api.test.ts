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
    const { id } = (await db.transaction((tx) =>
      t.services.mailService.enqueue(tx, { to: 'meera@example.in', toName: 'Meera Kulkarni', template: 'order_paid', data: paid }),
    ))!;

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

  const mailJobs = async (messageId: string) => {
    const { rows } = await t.services.database.pool.query<{ id: string; max_attempts: number }>(
      `select j.id, j.max_attempts from graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id
        where j.task_identifier = 'mail.send' and p.payload->>'messageId' = $1`,
      [messageId],
    );
    return rows;
  };

  it('queues a job to send each e-mail with the transaction that writes it, and none when it rolls back', async () => {
    const { transport } = fakeTransport(false);
    const service = createMailService({ db: t.services.database.db, transport, jobs: t.services.jobQueue });
    const { db } = t.services.database;
    const { id } = (await db.transaction((tx) => service.enqueue(tx, { to: 'rohan@example.in', template: 'order_paid', data: paid })))!;
    expect(await mailJobs(id)).toEqual([expect.objectContaining({ max_attempts: MAX_MAIL_ATTEMPTS })]);

    let rolledBack = '';
    await expect(
      db.transaction(async (tx) => {
        rolledBack = (await service.enqueue(tx, { to: 'rollback@example.in', template: 'order_paid', data: paid }))!.id;
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await mailJobs(rolledBack)).toEqual([]);
  });

  it('writes the e-mails of one change together, each to its own address with a job of its own, and none when it rolls back', async () => {
    const { transport, sent } = fakeTransport(false);
    const service = createMailService({ db: t.services.database.db, transport, jobs: t.services.jobQueue });
    const { db } = t.services.database;
    const to = ['meera@example.in', 'aniket@example.in', 'store@example.in'];
    const written = await db.transaction((tx) =>
      service.enqueueMany(
        tx,
        to.map((address) => ({ to: address, template: 'order_paid' as const, data: paid })),
      ),
    );
    expect(written).toHaveLength(3);
    expect(new Set(written.map((m) => m.id)).size).toBe(3);
    for (const { id, status } of written) {
      expect(status).toBe('queued');
      expect(await mailJobs(id)).toEqual([expect.objectContaining({ max_attempts: MAX_MAIL_ATTEMPTS })]);
      expect(await service.deliver(id, { number: 1, of: MAX_MAIL_ATTEMPTS })).toBe('sent');
    }
    expect(sent.map((m) => m.to)).toEqual(to);

    let rolledBack: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        rolledBack = (await service.enqueueMany(tx, [{ to: 'rollback@example.in', template: 'order_paid', data: paid }])).map((m) => m.id);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await mailJobs(rolledBack[0]!)).toEqual([]);
    expect(await db.transaction((tx) => service.enqueueMany(tx, []))).toEqual([]);
  });

  it('sends a queued e-mail once and marks it sent', async () => {
    const { transport, sent } = fakeTransport(false);
    const service = createMailService({ db: t.services.database.db, transport, jobs: t.services.jobQueue });
    const { id, status } = (await service.enqueue(t.services.database.db, {
      to: 'rohan@example.in',
      toName: 'Rohan',
      template: 'order_paid',
      data: paid,
    }))!;
    expect(status).toBe('queued');

    expect(await service.deliver(id, { number: 1, of: MAX_MAIL_ATTEMPTS })).toBe('sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'rohan@example.in', toName: 'Rohan', subject: 'Payment received for order SC-2026-000042' });
    // The job run again (a worker killed after sending, say) does not send it twice.
    expect(await service.deliver(id, { number: 2, of: MAX_MAIL_ATTEMPTS })).toBe('not-queued');
    expect(sent).toHaveLength(1);

    const stored = await t.services.mailService.mailboxMessage(id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(stored.sentAt).not.toBeNull();
  });

  it('records each failed try for the job to retry, and marks the e-mail failed at the last', async () => {
    const { transport } = fakeTransport(true);
    const service = createMailService({ db: t.services.database.db, transport, jobs: t.services.jobQueue });
    const { id } = (await service.enqueue(t.services.database.db, { to: 'bounce@example.in', template: 'order_paid', data: paid }))!;

    for (let attempt = 1; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
      await expect(service.deliver(id, { number: attempt, of: MAX_MAIL_ATTEMPTS })).rejects.toThrow('421 SMTP server busy');
      expect(await t.services.mailService.mailboxMessage(id)).toMatchObject({ status: 'queued', attempts: attempt });
    }
    await expect(service.deliver(id, { number: MAX_MAIL_ATTEMPTS, of: MAX_MAIL_ATTEMPTS })).rejects.toThrow('421 SMTP server busy');
    expect(await t.services.mailService.mailboxMessage(id)).toMatchObject({
      status: 'failed',
      attempts: MAX_MAIL_ATTEMPTS,
      lastError: '421 SMTP server busy',
    });
  });

  it('gives a job to a queued e-mail that has none, once, after two minutes', async () => {
    const { transport } = fakeTransport(false);
    const service = createMailService({ db: t.services.database.db, transport, jobs: t.services.jobQueue });
    const { id } = (await service.enqueue(t.services.database.db, { to: 'lost@example.in', template: 'order_paid', data: paid }))!;
    // Its job dismissed (as an admin may): the sweep of a minute later leaves it, the one after two minutes gives it one.
    await t.services.database.pool.query(
      `select graphile_worker.complete_jobs(array(select j.id from graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id where p.payload->>'messageId' = $1))`,
      [id],
    );
    expect(await mailJobs(id)).toEqual([]);
    await service.sweep(new Date(Date.now() + 60_000));
    expect(await mailJobs(id)).toEqual([]);
    await service.sweep(new Date(Date.now() + 3 * 60_000));
    await service.sweep(new Date(Date.now() + 4 * 60_000));
    expect(await mailJobs(id)).toHaveLength(1);
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
