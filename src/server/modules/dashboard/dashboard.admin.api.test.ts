import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
});
afterAll(() => t.close());

describe('GET /api/admin/overview', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  });
  afterAll(() => fresh.close());

  it('counts the accounts by role, vendors by status, messages and sign-ups of the last 30 days', async () => {
    const { cookie } = await signInAdmin(fresh);
    await signUpCustomer(fresh);
    await signUpCustomer(fresh);
    await signUpCustomer(fresh);
    const approved = await signUpVendor(fresh);
    const rejected = await signUpVendor(fresh);
    await signUpVendor(fresh);
    await json(fresh.app, 'POST', `/api/admin/vendors/${approved.vendorId}/decision`, { decision: 'approve' }, cookie);
    await json(fresh.app, 'POST', `/api/admin/vendors/${rejected.vendorId}/decision`, { decision: 'reject' }, cookie);
    await json(fresh.app, 'POST', '/api/contact', {
      name: 'Meera Kulkarni',
      email: uniqueEmail('meera'),
      topic: 'Other',
      message: 'Do you deliver to Ratnagiri?',
    });

    const res = await json(fresh.app, 'GET', '/api/admin/overview', undefined, cookie);
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    expect(overview.usersByRole).toEqual({ customer: 3, vendor: 3, admin: 1 });
    expect(overview.vendorsByStatus).toEqual({ pending: 1, approved: 1, rejected: 1, suspended: 0 });
    expect(overview.contactMessages).toEqual({ total: 1, last7Days: 1 });

    const days: { date: string; count: number }[] = overview.signupsByDay;
    expect(days).toHaveLength(30);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(7);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(days.at(-1)?.date).toBe(today);
    const dates = days.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);
  });
});
