import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessagesResponse, ContactThread } from '~/shared/schemas/contact';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: { cookie: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

/** A visitor's message through the contact form; its id and the sender's address. */
async function send(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('sender');
  const res = await json(t.app, 'POST', '/api/contact', {
    name: 'Meera Kulkarni',
    email,
    topic: 'Product advice',
    message: 'Which laptop would you suggest for CAD work under ₹90,000?',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, email };
}

const reply = (id: string, body: unknown, cookie = admin.cookie) =>
  json(t.app, 'POST', `/api/admin/contact-messages/${id}/replies`, body, cookie);
const act = (id: string, action: 'close' | 'reopen', cookie = admin.cookie) =>
  json(t.app, 'POST', `/api/admin/contact-messages/${id}/${action}`, undefined, cookie);

async function thread(id: string): Promise<ContactThread> {
  const res = await json(t.app, 'GET', `/api/admin/contact-messages/${id}`, undefined, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function list(query = ''): Promise<ContactMessagesResponse> {
  const res = await json(t.app, 'GET', `/api/admin/contact-messages${query}`, undefined, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function mailTo(address: string) {
  const { rows } = await t.services.database.db.execute<{ template: string; subject: string; text: string; to_name: string }>(
    sql`select template, subject, text, to_name from mail_messages where to_address = ${address} order by created_at`,
  );
  return rows;
}
async function auditOf(id: string) {
  const { rows } = await t.services.database.db.execute<{ action: string; actor_email: string; before: unknown; after: unknown }>(
    sql`select action, actor_email, before, after from audit_log where entity_type = 'contact_message' and entity_id = ${id} order by id`,
  );
  return rows;
}

describe('replying to a contact message', () => {
  it('e-mails exactly one reply to the sender with its text, and the message becomes replied with the reply in its thread', async () => {
    const { id, email } = await send();
    const text = 'The Lenovo ThinkPad P14s with 32 GB RAM runs AutoCAD well and costs ₹87,990.\n\nWe can keep one for you.';
    const res = await reply(id, { body: `  ${text}  ` });
    expect(res.statusCode, res.body).toBe(201);
    const answered = res.json() as ContactThread;
    expect(answered.message).toMatchObject({ id, status: 'replied', replyCount: 1, lastReplyAt: expect.any(String) });
    expect(answered.replies).toEqual([
      { id: expect.any(String), body: text, createdAt: expect.any(String), byName: 'Shop Admin', byEmail: admin.email },
    ]);
    expect(await thread(id)).toEqual(answered);

    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'contact_reply',
      subject: 'Re: your message about product advice',
      to_name: 'Meera Kulkarni',
    });
    expect(mails[0]!.text).toContain(text);
    expect(mails[0]!.text).toContain('> Which laptop would you suggest for CAD work under ₹90,000?');

    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'contact.reply',
      actor_email: admin.email,
      before: { status: 'new' },
      after: { status: 'replied', reply: text },
    });
  });

  it('keeps every reply of a thread, oldest first, each sent once', async () => {
    const { id, email } = await send();
    expect((await reply(id, { body: 'First answer: yes, we deliver to Nashik.' })).statusCode).toBe(201);
    expect((await reply(id, { body: 'Second answer: delivery takes 3 to 5 days.' })).statusCode).toBe(201);
    const { message, replies } = await thread(id);
    expect(replies.map((r) => r.body)).toEqual(['First answer: yes, we deliver to Nashik.', 'Second answer: delivery takes 3 to 5 days.']);
    expect(message.replyCount).toBe(2);
    expect(await mailTo(email)).toHaveLength(2);
  });

  it('refuses an empty or too long reply with the field to fix, and an unknown message, sending nothing', async () => {
    const { id, email } = await send();
    for (const body of [
      {},
      { body: '   ' },
      { body: 'Too short' },
      { body: 'x'.repeat(4001) },
      { body: 'A fine reply text here.', cc: 'x@y.in' },
    ]) {
      const res = await reply(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect(Object.keys((await reply(id, { body: '' })).json().error.fields)).toContain('body');
    expect(await mailTo(email)).toHaveLength(0);
    expect((await thread(id)).message.status).toBe('new');
    for (const res of [
      await reply('msg_doesNotExist', { body: 'Nobody will read this reply.' }),
      await act('msg_doesNotExist', 'close'),
      await act('msg_doesNotExist', 'reopen'),
      await json(t.app, 'GET', '/api/admin/contact-messages/msg_doesNotExist', undefined, admin.cookie),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('closing and reopening', () => {
  it('closes a message once, reopens it as new when unanswered and as replied when answered, each audited', async () => {
    const { id } = await send();
    const closed = await act(id, 'close');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message.status).toBe('closed');
    const twice = await act(id, 'close');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already closed/);
    expect((await act(id, 'reopen')).json().message.status).toBe('new');
    expect((await act(id, 'reopen')).statusCode).toBe(409);

    expect((await reply(id, { body: 'Here is the GST quotation you asked for.' })).statusCode).toBe(201);
    expect((await act(id, 'close')).statusCode).toBe(200);
    expect((await act(id, 'reopen')).json().message.status).toBe('replied');
    expect((await auditOf(id)).map((e) => [e.action, (e.after as { status: string }).status])).toEqual([
      ['contact.close', 'closed'],
      ['contact.reopen', 'new'],
      ['contact.reply', 'replied'],
      ['contact.close', 'closed'],
      ['contact.reopen', 'replied'],
    ]);
  });

  it('closes a message once when two admins close it at once', async () => {
    const { id } = await send();
    const other = (await signInAdmin(t)).cookie;
    const results = await Promise.all([act(id, 'close'), act(id, 'close', other)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(id)).toHaveLength(1);
  });
});

describe('the list of messages', () => {
  it('filters by status and words, and counts the unanswered ones for the dashboard', async () => {
    const word = `Kharadi${Date.now().toString(36)}`;
    const fresh = await send({ message: `We need 12 desktops for our ${word} office, with a GST invoice.` });
    const answered = await send({ message: `Please call back about the ${word} order of monitors.` });
    const done = await send({ message: `Thank you, the ${word} delivery arrived safely.` });
    expect((await reply(answered.id, { body: 'We called you this morning, thank you.' })).statusCode).toBe(201);
    expect((await act(done.id, 'close')).statusCode).toBe(200);

    const mine = await list(`?q=${word}`);
    expect(mine.items.map((m) => m.id)).toEqual([done.id, answered.id, fresh.id]);
    expect((await list(`?q=${word}&status=new`)).items.map((m) => m.id)).toEqual([fresh.id]);
    expect((await list(`?q=${word}&status=replied`)).items.map((m) => m.id)).toEqual([answered.id]);
    expect((await list(`?q=${word}&status=closed`)).items.map((m) => m.id)).toEqual([done.id]);
    expect((await list(`?q=${encodeURIComponent(answered.email)}`)).items.map((m) => m.id)).toEqual([answered.id]);
    const news = await list('?status=new&pageSize=100');
    expect(news.items.every((m) => m.status === 'new')).toBe(true);
    expect(await t.services.contactService.countUnanswered()).toBe(news.total);

    const bad = await json(t.app, 'GET', '/api/admin/contact-messages?status=open', undefined, admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain('status');
  });
});

describe('who may read and answer messages', () => {
  it('refuses customers and vendors (403) and visitors (401) on every route, sending nothing', async () => {
    const { id, email } = await send();
    const customer = (await signUpCustomer(t)).cookie;
    const vendor = (await signUpVendor(t, 'Wakad Computers LLP')).cookie;
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/contact-messages', undefined],
      ['GET', `/api/admin/contact-messages/${id}`, undefined],
      ['POST', `/api/admin/contact-messages/${id}/replies`, { body: 'A reply from someone who is not an admin.' }],
      ['POST', `/api/admin/contact-messages/${id}/close`, undefined],
      ['POST', `/api/admin/contact-messages/${id}/reopen`, undefined],
    ];
    for (const [method, url, body] of routes) {
      for (const [cookie, status] of [
        [customer, 403],
        [vendor, 403],
        [undefined, 401],
      ] as const) {
        const res = await json(t.app, method as 'GET', url, body, cookie);
        expect(res.statusCode, `${method} ${url} as ${cookie ? 'signed in' : 'visitor'}`).toBe(status);
      }
    }
    expect(await mailTo(email)).toHaveLength(0);
    expect((await thread(id)).message.status).toBe('new');
  });
});
