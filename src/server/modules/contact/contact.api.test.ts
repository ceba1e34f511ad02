import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../test/accounts-kit';
import { createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  // An admin with two-step sign-in set up, as every admin must have before the admin API answers.
  adminCookie = (await signInAdmin(t)).cookie;
});
afterAll(() => t.close());

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Meera Kulkarni',
    email: uniqueEmail('meera'),
    topic: 'Product advice',
    message: 'Which laptop would you suggest for CAD work under ₹90,000?',
    ...overrides,
  };
}

async function adminList() {
  const res = await json(t.app, 'GET', '/api/admin/contact-messages', undefined, adminCookie);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { id: string; name: string; email: string; mobile: string | null; topic: string; message: string }[];
    total: number;
  };
}

describe('contact form', () => {
  it("stores a visitor's message, and an admin sees it first", async () => {
    const body = message({ email: '  Meera.K@Example.IN ' });
    const res = await json(t.app, 'POST', '/api/contact', body);
    expect(res.statusCode).toBe(201);
    const { id, receivedAt } = res.json();
    expect(id).toEqual(expect.any(String));
    expect(new Date(receivedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const list = await adminList();
    expect(list.items[0]).toEqual({
      id,
      name: 'Meera Kulkarni',
      email: 'meera.k@example.in',
      mobile: null,
      topic: 'Product advice',
      message: body.message,
      createdAt: receivedAt,
      status: 'new',
      replyCount: 0,
      lastReplyAt: null,
    });
  });

  it('lists the newest message first', async () => {
    const first = (await json(t.app, 'POST', '/api/contact', message({ message: 'First of two messages, sent earlier.' }))).json().id;
    const second = (await json(t.app, 'POST', '/api/contact', message({ message: 'Second of two messages, sent later.' }))).json().id;
    const ids = (await adminList()).items.map((m) => m.id);
    expect(ids.indexOf(second)).toBe(0);
    expect(ids.indexOf(first)).toBe(1);
  });

  it('stores an optional mobile number as +91 and ten digits, and a blank one as none', async () => {
    const typed = await json(t.app, 'POST', '/api/contact', message({ mobile: '098220-45678' }));
    expect(typed.statusCode).toBe(201);
    const blank = await json(t.app, 'POST', '/api/contact', message({ mobile: '   ' }));
    expect(blank.statusCode).toBe(201);
    const byId = new Map((await adminList()).items.map((m) => [m.id, m]));
    expect(byId.get(typed.json().id)?.mobile).toBe('+919822045678');
    expect(byId.get(blank.json().id)?.mobile).toBeNull();
  });

  it('names each field that is wrong', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ message: 'Hi there' }, 'message', /at least 10 characters/],
      [{ message: '          short    ' }, 'message', /at least 10 characters/],
      [{ message: 'x'.repeat(4001) }, 'message', /at most 4,000/],
      [{ email: 'meera-at-example.in' }, 'email', /valid e-mail address/],
      [{ topic: 'Complaint about the weather' }, 'topic', /Choose what your message is about/],
      [{ mobile: '12345 67890' }, 'mobile', /10-digit Indian mobile number/],
      [{ name: 'M' }, 'name', /at least 2/],
      [{ orderId: 'ord_123' }, 'orderId', /not an accepted field/],
    ];
    for (const [overrides, field, reason] of cases) {
      const res = await json(t.app, 'POST', '/api/contact', message(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.json().error.fields[field], field).toMatch(reason);
    }
  });

  it('stores nothing when a field is wrong', async () => {
    const before = (await adminList()).total;
    await json(t.app, 'POST', '/api/contact', message({ message: 'Too short' }));
    expect((await adminList()).total).toBe(before);
  });
});

describe('public-form limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 3 });
  });
  afterAll(() => limited.close());

  it('refuses the 4th message from one client within the hour with 429 and when to retry', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await json(limited.app, 'POST', '/api/contact', message())).statusCode).toBe(201);
    }
    const fourth = await json(limited.app, 'POST', '/api/contact', message());
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(fourth.json().error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(fourth.json().error.message).toMatch(/too many times.*try again in \d+ minutes?/);

    // Another client is not held back by the first one's messages.
    const other = await limited.app.inject({ method: 'POST', url: '/api/contact', payload: message(), remoteAddress: '203.0.113.7' });
    expect(other.statusCode).toBe(201);
  });
});
