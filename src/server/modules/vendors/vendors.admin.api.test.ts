import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpCustomer, signUpVendor, verifyEmailOf } from '../../test/accounts-kit';
import { createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  adminCookie = (await signInAdmin(t)).cookie;
});
afterAll(() => t.close());

describe('POST /api/admin/vendors/:id/decision from a vendor', () => {
  it('refuses a vendor decision from a vendor even for its own record', async () => {
    const own = await signUpVendor(t);
    const res = await json(t.app, 'POST', `/api/admin/vendors/${own.vendorId}/decision`, { decision: 'approve' }, own.cookie);
    expect(res.statusCode).toBe(403);
    const me = await json(t.app, 'GET', '/api/vendors/me', undefined, own.cookie);
    expect(me.json().vendor.status).toBe('pending');
  });
});

describe('POST /api/admin/vendors/:id/decision', () => {
  async function decisionMails(email: string) {
    const { rows } = await t.services.database.pool.query<{ subject: string; text: string }>(
      `select subject, text from mail_messages where template = 'vendor_decision' and to_address = $1 order by created_at`,
      [email],
    );
    return rows;
  }

  function decide(vendorId: string, decision: string) {
    const reason = decision === 'reject' || decision === 'suspend' ? { reason: 'The GSTIN could not be verified' } : {};
    return json(t.app, 'POST', `/api/admin/vendors/${vendorId}/decision`, { decision, ...reason }, adminCookie);
  }

  it('approves a pending vendor, and the vendor sees it', async () => {
    const v = await signUpVendor(t);
    const res = await decide(v.vendorId, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: v.vendorId, status: 'approved' });
    const me = (await json(t.app, 'GET', '/api/vendors/me', undefined, v.cookie)).json().vendor;
    expect(me.status).toBe('approved');
    expect(new Date(me.decidedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The applicant need not keep signing in to find out: the decision is e-mailed.
    const [mail, ...more] = await decisionMails(v.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Deccan Laptops LLP is approved: you can sell now');
    expect(mail!.text).toContain('/vendor/dashboard');
  });

  it('rejects a pending vendor', async () => {
    const v = await signUpVendor(t);
    const res = await decide(v.vendorId, 'reject');
    expect(res.json()).toEqual({ id: v.vendorId, status: 'rejected' });
    expect((await json(t.app, 'GET', '/api/vendors/me', undefined, v.cookie)).json().vendor).toMatchObject({
      status: 'rejected',
      statusReason: 'The GSTIN could not be verified',
    });
    const [mail] = await decisionMails(v.email);
    expect(mail).toMatchObject({ subject: 'Deccan Laptops LLP was not approved' });
    expect(mail!.text).toContain('The reason we gave: The GSTIN could not be verified');
  });

  it('refuses to decide a vendor a second time, and keeps the first decision', async () => {
    const v = await signUpVendor(t);
    expect((await decide(v.vendorId, 'approve')).statusCode).toBe(200);
    for (const decision of ['reject', 'approve']) {
      const again = await decide(v.vendorId, decision);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: 'This vendor has already been approved.' });
    }
    expect((await json(t.app, 'GET', '/api/vendors/me', undefined, v.cookie)).json().vendor.status).toBe('approved');
  });

  it('answers 404 for a vendor that does not exist', async () => {
    const res = await decide('ven_doesnotexist', 'approve');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses a decision it does not know', async () => {
    const v = await signUpVendor(t);
    const res = await decide(v.vendorId, 'promote');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.decision).toBe('Decision must be approve, reject, suspend or reinstate');
  });

  it('lets exactly one of 10 concurrent decisions through', async () => {
    const v = await signUpVendor(t);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => decide(v.vendorId, i % 2 ? 'approve' : 'reject')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const winner = results.find((r) => r.statusCode === 200)!.json().status;
    expect((await json(t.app, 'GET', '/api/vendors/me', undefined, v.cookie)).json().vendor.status).toBe(winner);
  });
});

describe('POST /api/admin/vendors/:id/resend-verification', () => {
  async function verifyMails(email: string) {
    const { rows } = await t.services.database.pool.query<{ text: string }>(
      `select text from mail_messages where template = 'verify_email' and to_address = $1 order by created_at`,
      [email],
    );
    return rows;
  }
  /** As the admin, or as the account of `cookie` (null: signed out). */
  const resend = (vendorId: string, cookie: string | null = adminCookie) =>
    json(t.app, 'POST', `/api/admin/vendors/${vendorId}/resend-verification`, undefined, cookie ?? undefined);

  it('sends a pending vendor a new link, audited; once followed, the vendor can be approved', async () => {
    const v = await signUpVendor(t, 'Sangli Systems LLP', uniqueEmail('vendor'), { verified: false });
    const refused = await json(t.app, 'POST', `/api/admin/vendors/${v.vendorId}/decision`, { decision: 'approve' }, adminCookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/not verified its e-mail address.*Resend verification e-mail/);

    const res = await resend(v.vendorId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: `A new verification link is on its way to ${v.email}. Sangli Systems LLP can be approved once it follows it.`,
    });
    expect(await verifyMails(v.email)).toHaveLength(2);
    const audit = await json(
      t.app,
      'GET',
      `/api/admin/audit?entityId=${v.vendorId}&action=account.email_verify_resend`,
      undefined,
      adminCookie,
    );
    expect(audit.json().items).toEqual([
      expect.objectContaining({
        action: 'account.email_verify_resend',
        actor: expect.objectContaining({ role: 'admin' }),
        summary: `Resent the e-mail verification link of Sangli Systems LLP to ${v.email}`,
      }),
    ]);

    // The newest link works, and Approve goes through.
    await verifyEmailOf(t, v.email);
    const approved = await json(t.app, 'POST', `/api/admin/vendors/${v.vendorId}/decision`, { decision: 'approve' }, adminCookie);
    expect(approved.statusCode).toBe(200);

    const again = await resend(v.vendorId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: `Sangli Systems LLP has already verified its e-mail address (${v.email}): no link is needed.`,
    });
    expect(await verifyMails(v.email)).toHaveLength(2);
  });

  it('shares the hourly limit with the vendor’s own resends (429)', async () => {
    const v = await signUpVendor(t, 'Kolhapur Compute LLP', uniqueEmail('vendor'), { verified: false });
    expect((await json(t.app, 'POST', '/api/auth/email-verification/resend', undefined, v.cookie)).statusCode).toBe(200);
    expect((await resend(v.vendorId)).statusCode).toBe(200);
    expect((await resend(v.vendorId)).statusCode).toBe(200);
    const limited = await resend(v.vendorId);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toContain(`sent to ${v.email} too many times`);
    expect(await verifyMails(v.email)).toHaveLength(4);
  });

  it('answers 404 for a vendor that does not exist', async () => {
    const res = await resend('ven_doesnotexist');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('is the admin’s only: 403 for a vendor (even its own) and a customer, 401 signed out', async () => {
    const v = await signUpVendor(t, 'Satara Silicon LLP', uniqueEmail('vendor'), { verified: false });
    const customer = await signUpCustomer(t);
    expect((await resend(v.vendorId, v.cookie)).statusCode).toBe(403);
    expect((await resend(v.vendorId, customer.cookie)).statusCode).toBe(403);
    expect((await resend(v.vendorId, null)).statusCode).toBe(401);
    expect(await verifyMails(v.email)).toHaveLength(1);
  });
});
