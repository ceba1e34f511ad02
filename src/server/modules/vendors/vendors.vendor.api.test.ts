import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '~/shared/gstin';
import type { VendorProfileResponse } from '~/shared/schemas/vendor';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { createTestApp, json, sealerOf, type TestApp } from '../../test/test-app';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  adminCookie = (await signInAdmin(t)).cookie;
});
afterAll(() => t.close());

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letter = () => LETTERS.charAt(randomInt(26));

/** A valid GSTIN of a firm (PAN's 4th letter F) in the given state, unique to this test. */
function firmGstin(stateCode: string): string {
  const pan = `${letter()}${letter()}${letter()}F${letter()}${String(randomInt(10_000)).padStart(4, '0')}${letter()}`;
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

const BANK = {
  holderName: 'Deccan Laptops LLP',
  accountNumber: '50100123454321',
  confirmAccountNumber: '50100123454321',
  ifsc: 'HDFC0001234',
};

function profileBody(overrides: Record<string, unknown> = {}) {
  return {
    businessName: 'Deccan Laptops LLP',
    contactName: 'Rohan Deshmukh',
    contactEmail: 'orders@deccanlaptops.in',
    mobile: '98220 45678',
    gstin: firmGstin('27'),
    pan: '',
    pickupLine1: 'Shop 4, Sai Plaza, FC Road',
    pickupLine2: 'Near Goodluck Chowk',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411004',
    ...overrides,
  };
}

const readProfile = async (cookie: string) => {
  const res = await json(t.app, 'GET', '/api/vendor/profile', undefined, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as VendorProfileResponse;
};
const saveProfile = (cookie: string, body: unknown) => json(t.app, 'PUT', '/api/vendor/profile', body, cookie);

async function approvedVendor(name = 'Kharghar Computers') {
  const vendor = await signUpVendor(t, name);
  const res = await json(t.app, 'POST', `/api/admin/vendors/${vendor.vendorId}/decision`, { decision: 'approve' }, adminCookie);
  expect(res.statusCode).toBe(200);
  return vendor;
}

/** The e-mails the development mailbox kept for an address about its profile (not the sign-up's verification), newest first. */
async function mailTo(email: string) {
  const res = await json(t.app, 'GET', '/api/dev/mailbox?pageSize=100', undefined, adminCookie);
  expect(res.statusCode).toBe(200);
  const items = (res.json() as { items: { id: string; to: string; subject: string; template: string }[] }).items;
  // The sign-up's verification and the admin's decision have tests of their own.
  return items.filter((m) => m.to === email && m.template !== 'verify_email' && m.template !== 'vendor_decision');
}

describe('GET and PUT /api/vendor/profile', () => {
  it('lets a pending vendor read its application and correct it, without recording or e-mailing anything', async () => {
    const vendor = await signUpVendor(t, 'Baner Notebooks');
    const before = await readProfile(vendor.cookie);
    expect(before.profile).toMatchObject({
      id: vendor.vendorId,
      status: 'pending',
      editable: true,
      lockedReason: null,
      businessName: 'Baner Notebooks',
      mobile: '+919822045678',
      bankAccount: null,
      pickupLine1: 'Shop 2, Laxmi Road',
      pickupCity: 'Pune',
      accountEmail: vendor.email,
      accountName: 'Rohan Deshmukh',
    });
    expect(before.changes).toEqual([]);

    const body = profileBody({ businessName: 'Baner Notebooks Pvt Ltd', bankAccount: BANK });
    const res = await saveProfile(vendor.cookie, body);
    expect(res.statusCode).toBe(200);
    const saved = res.json() as VendorProfileResponse;
    expect(saved.profile).toMatchObject({
      businessName: 'Baner Notebooks Pvt Ltd',
      contactName: 'Rohan Deshmukh',
      contactEmail: 'orders@deccanlaptops.in',
      gstin: body.gstin,
      // Not given: taken from the GSTIN, whose characters 3–12 are the PAN.
      pan: body.gstin.slice(2, 12),
      pickupLine1: 'Shop 4, Sai Plaza, FC Road',
      pickupLine2: 'Near Goodluck Chowk',
      pickupPinCode: '411004',
      bankAccount: { holderName: 'Deccan Laptops LLP', maskedNumber: 'XXXXXX4321', ifsc: 'HDFC0001234' },
    });
    expect(saved.changes).toEqual([]);
    expect(await readProfile(vendor.cookie)).toEqual(saved);
    expect((await json(t.app, 'GET', '/api/vendors/me', undefined, vendor.cookie)).json().vendor.businessName).toBe(
      'Baner Notebooks Pvt Ltd',
    );
    expect(await mailTo(vendor.email)).toEqual([]);
  });

  it('never sends the whole account number back, and keeps the saved account when none is sent', async () => {
    const vendor = await signUpVendor(t, 'Aundh Accounts Traders');
    const first = await saveProfile(vendor.cookie, profileBody({ bankAccount: BANK }));
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('50100123454321');

    const again = await saveProfile(vendor.cookie, profileBody({ contactName: 'Sneha Joshi' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().profile).toMatchObject({
      contactName: 'Sneha Joshi',
      bankAccount: { maskedNumber: 'XXXXXX4321', ifsc: 'HDFC0001234' },
    });
    const read = await json(t.app, 'GET', '/api/vendor/profile', undefined, vendor.cookie);
    expect(read.body).not.toContain('50100123454321');
    // Kept sealed (decision 52): the row holds no digit of it; the app's key opens it.
    const [stored] = (
      await t.services.database.db.execute<{ n: string | null; sealed: string }>(
        sql`select bank_account_number as n, bank_account_sealed as sealed from vendors where id = ${vendor.vendorId}`,
      )
    ).rows;
    expect(stored).toMatchObject({ n: null, sealed: expect.stringMatching(/^v1:/) });
    expect(stored!.sealed).not.toContain('4321');
    expect(JSON.parse(sealerOf(t).open(stored!.sealed, `vendors.bank_account:${vendor.vendorId}`))).toMatchObject({
      accountNumber: '50100123454321',
    });
  });

  it('names each invalid field: GSTIN, PAN, IFSC, PIN code, mobile, and the account number typed twice', async () => {
    const vendor = await signUpVendor(t, 'Wakad Wrong Details');
    const before = await readProfile(vendor.cookie);
    const res = await saveProfile(
      vendor.cookie,
      profileBody({
        gstin: '27AAPFU0939F1ZW',
        pan: 'AAPF0939F',
        mobile: '12345',
        pickupPinCode: '41100',
        bankAccount: { ...BANK, confirmAccountNumber: '50100123454312', ifsc: 'HDFC1001234' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.fields).toEqual({
      gstin: 'This GSTIN is not valid: its last character does not match. Please check it.',
      pan: 'PAN must be 10 characters, like AAPFU0939F',
      mobile: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
      pickupPinCode: 'PIN code must be 6 digits and cannot start with 0',
      'bankAccount.ifsc': 'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits, like HDFC0001234',
      'bankAccount.confirmAccountNumber': 'The account numbers do not match',
    });
    const short = await saveProfile(
      vendor.cookie,
      profileBody({ bankAccount: { ...BANK, accountNumber: '1234', confirmAccountNumber: '1234' } }),
    );
    expect(short.json().error.fields).toEqual({ 'bankAccount.accountNumber': 'Account number must be 9 to 18 digits' });
    expect(await readProfile(vendor.cookie)).toEqual(before);
  });

  it('refuses a GSTIN of another state than the pickup address, and a PAN that is not the GSTIN’s', async () => {
    const vendor = await signUpVendor(t, 'Hinjewadi Hardware');
    const karnataka = await saveProfile(vendor.cookie, profileBody({ gstin: firmGstin('29') }));
    expect(karnataka.statusCode).toBe(400);
    expect(karnataka.json().error.fields).toEqual({
      gstin: 'This GSTIN is registered in another state: a Maharashtra GSTIN starts with 27',
    });
    const gstin = firmGstin('27');
    const otherPan = await saveProfile(vendor.cookie, profileBody({ gstin, pan: 'AAGCB7383J' }));
    expect(otherPan.statusCode).toBe(400);
    expect(otherPan.json().error.fields.pan).toBe(
      `This PAN does not match your GSTIN: characters 3–12 of the GSTIN are the PAN (${gstin.slice(2, 12)})`,
    );
    // Moving the pickup address to Karnataka with a Karnataka GSTIN is fine.
    const moved = await saveProfile(
      vendor.cookie,
      profileBody({
        gstin: '29AAGCB7383J1Z4',
        pan: 'AAGCB7383J',
        pickupCity: 'Bengaluru',
        pickupState: 'Karnataka',
        pickupPinCode: '560001',
      }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().profile).toMatchObject({ gstin: '29AAGCB7383J1Z4', pickupState: 'Karnataka' });
  });

  it('answers 409 on the GSTIN field for a GSTIN another vendor has, and changes nothing', async () => {
    const first = await signUpVendor(t, 'Sanpada Systems');
    const taken = (await readProfile(first.cookie)).profile.gstin;
    const second = await signUpVendor(t, 'Vashi Vision Computers');
    const before = await readProfile(second.cookie);
    const res = await saveProfile(second.cookie, profileBody({ gstin: taken, businessName: 'Vashi Vision Renamed' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'CONFLICT',
      fields: { gstin: 'Another seller has registered this GSTIN. Check it, or contact us if it is yours.' },
    });
    expect(await readProfile(second.cookie)).toEqual(before);
  });

  it('lets a suspended or rejected vendor read its profile but change nothing (403 saying why)', async () => {
    const suspended = await approvedVendor('Hadapsar Halted Traders');
    await t.services.database.db.execute(
      sql`update vendors set status = 'suspended', status_reason = 'Three orders shipped late' where id = ${suspended.vendorId}`,
    );
    const before = await readProfile(suspended.cookie);
    expect(before.profile).toMatchObject({ status: 'suspended', statusReason: 'Three orders shipped late', editable: false });
    expect(before.profile.lockedReason).toBe(
      'Your seller account is suspended: you can read your profile but change nothing. Contact us to resolve it.',
    );
    const res = await saveProfile(suspended.cookie, profileBody({ businessName: 'Renamed While Suspended', bankAccount: BANK }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: before.profile.lockedReason });
    expect(await readProfile(suspended.cookie)).toEqual(before);
    expect(await mailTo(suspended.email)).toEqual([]);

    const rejected = await signUpVendor(t, 'Rejected Resellers');
    await json(
      t.app,
      'POST',
      `/api/admin/vendors/${rejected.vendorId}/decision`,
      { decision: 'reject', reason: 'Incomplete application' },
      adminCookie,
    );
    const refused = await saveProfile(rejected.cookie, profileBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/^Your seller application was not approved, so your profile cannot be changed/);
  });

  it("records an approved vendor's change of bank account and GSTIN, masked, and e-mails the sign-in address", async () => {
    const vendor = await approvedVendor('Kharghar Computers');
    const gstin = (await readProfile(vendor.cookie)).profile.gstin!;
    const first = await saveProfile(vendor.cookie, profileBody({ gstin, bankAccount: BANK }));
    expect(first.statusCode).toBe(200);
    expect(first.json().changes).toEqual([
      expect.objectContaining({ field: 'bank_account', from: null, to: 'XXXXXX4321 · HDFC0001234 · Deccan Laptops LLP', byYou: true }),
    ]);

    const newBank = {
      holderName: 'Kharghar Computers',
      accountNumber: '0012 3456 7890',
      confirmAccountNumber: '001234567890',
      ifsc: 'sbin0005678',
    };
    const second = await saveProfile(vendor.cookie, profileBody({ gstin, bankAccount: newBank }));
    expect(second.statusCode).toBe(200);
    const { profile, changes } = second.json() as VendorProfileResponse;
    expect(profile.bankAccount).toEqual({ holderName: 'Kharghar Computers', maskedNumber: 'XXXXXX7890', ifsc: 'SBIN0005678' });
    expect(changes[0]).toMatchObject({
      field: 'bank_account',
      from: 'XXXXXX4321 · HDFC0001234 · Deccan Laptops LLP',
      to: 'XXXXXX7890 · SBIN0005678 · Kharghar Computers',
      byYou: true,
    });
    expect(Date.now() - new Date(changes[0]!.changedAt).getTime()).toBeLessThan(60_000);

    const mails = await mailTo(vendor.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ template: 'vendor_profile_changed', subject: 'Your bank account for payouts changed' });
    const detail = (await json(t.app, 'GET', `/api/dev/mailbox/${mails[0]!.id}`, undefined, adminCookie)).json();
    expect(detail.text).toContain('bank account for payouts: XXXXXX4321 · HDFC0001234 · Deccan Laptops LLP → XXXXXX7890 · SBIN0005678');
    expect(detail.text).toContain('you changed these details of Deccan Laptops LLP');
    expect(detail.text + detail.html).not.toContain('001234567890');

    // Saving other details (the same account and GSTIN) records and e-mails nothing more.
    expect((await saveProfile(vendor.cookie, profileBody({ gstin, contactName: 'Sneha Joshi' }))).statusCode).toBe(200);
    expect((await readProfile(vendor.cookie)).changes).toHaveLength(2);
    expect(await mailTo(vendor.email)).toHaveLength(2);

    // A new GSTIN is recorded whole (it is public, printed on every invoice) and e-mailed too.
    const newGstin = firmGstin('27');
    const third = (await saveProfile(vendor.cookie, profileBody({ gstin: newGstin }))).json() as VendorProfileResponse;
    expect(third.changes[0]).toMatchObject({ field: 'gstin', from: gstin, to: newGstin, byYou: true });
    expect(third.profile.pan).toBe(newGstin.slice(2, 12));
    const latest = await mailTo(vendor.email);
    expect(latest).toHaveLength(3);
    expect(latest[0]!.subject).toBe('Your GSTIN changed');
  });

  it('refuses customers and visitors, and fields it does not know', async () => {
    const customer = await signUpCustomer(t);
    expect((await json(t.app, 'GET', '/api/vendor/profile', undefined, customer.cookie)).statusCode).toBe(403);
    expect((await saveProfile(customer.cookie, profileBody())).statusCode).toBe(403);
    expect((await json(t.app, 'GET', '/api/vendor/profile')).statusCode).toBe(401);
    expect((await json(t.app, 'PUT', '/api/vendor/profile', profileBody())).statusCode).toBe(401);

    const vendor = await signUpVendor(t, 'Strict Fields Co');
    const res = await saveProfile(vendor.cookie, profileBody({ status: 'approved' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ status: '"status" is not an accepted field' });
    expect((await readProfile(vendor.cookie)).profile.status).toBe('pending');
  });
});
