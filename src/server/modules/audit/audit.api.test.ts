import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditResponse } from '~/shared/schemas/audit';
import { projectRoot } from '../../lib/project-root';
import { signInAdmin, signUpCustomer, signUpVendor } from '../../test/accounts-kit';
import { createTestApp, json, type TestApp } from '../../test/test-app';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-audit-cli-'));
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const db = () => t.services.database.db;
const audit = async (cookie: string, query: string) => {
  const res = await json(t.app, 'GET', `/api/admin/audit?${query}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditResponse;
};

const monitor = (name: string) => ({
  category: 'Monitor',
  brand: 'LG',
  name,
  description: 'A 24-inch Full HD IPS monitor at 180 Hz for esports, with AMD FreeSync and a tilt stand.',
  price: '12,999',
  mrp: '20,000',
  hsnCode: '85285200',
  gstRatePercent: 18,
  stock: '10',
  warranty: '3 years',
  warrantyMonths: '36',
  originCountry: 'China',
  makerName: 'Lenovo (India) Pvt Ltd',
  makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
  weightKg: '4',
  lengthCm: '60',
  widthCm: '15',
  heightCm: '40',
  status: 'active',
  screenSizeIn: '24',
  resolution: '1920 x 1080',
  resolutionName: 'Full HD',
  panelType: 'IPS',
  refreshRateHz: '180',
  ports: 'HDMI; DisplayPort',
});

/** `npm run audit:verify` as a real child process against the test database. */
async function auditVerify(): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    // eslint-disable-next-line no-restricted-properties
    ...process.env,
    DATABASE_URL: t.config.DATABASE_URL,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(projectRoot(), 'node_modules/tsx/dist/cli.mjs'), 'src/server/cli/audit-verify.ts'],
      { cwd: projectRoot(), env, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the audit log', { timeout: 120_000 }, () => {
  it('records an admin’s approval and a vendor’s product changes with who, from where, and before and after', async () => {
    const admin = await signInAdmin(t);
    const vendor = await signUpVendor(t, 'Ghansoli Audited Displays');
    const decided = await json(t.app, 'POST', `/api/admin/vendors/${vendor.vendorId}/decision`, { decision: 'approve' }, admin.cookie);
    expect(decided.statusCode, decided.body).toBe(200);

    const approval = (await audit(admin.cookie, `action=vendor.approve&entityId=${vendor.vendorId}`)).items;
    expect(approval).toHaveLength(1);
    expect(approval[0]).toMatchObject({
      actor: { role: 'admin', email: admin.email },
      entityType: 'vendor',
      before: { status: 'pending' },
      after: { status: 'approved' },
      summary: 'Approved the seller application of Ghansoli Audited Displays',
    });
    expect(approval[0]!.ip).toBeTruthy();

    const created = await json(t.app, 'POST', '/api/vendor/products', monitor('LG Audited 24GS60F'), vendor.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json().product.id as string;
    const patched = await json(t.app, 'PATCH', `/api/vendor/products/${productId}`, { price: '11,499' }, vendor.cookie);
    expect(patched.statusCode, patched.body).toBe(200);

    const history = (await audit(admin.cookie, `entityId=${productId}`)).items;
    expect(history.map((e) => e.action)).toEqual(['product.update', 'product.create']);
    expect(history[0]).toMatchObject({
      actor: { role: 'vendor', email: vendor.email },
      vendorId: vendor.vendorId,
      before: { pricePaise: 12_999_00 },
      after: { pricePaise: 11_499_00 },
    });
    // The summary names the fields in words, as the admin console's table of changes does.
    expect(history[0]!.summary).toMatch(/^Changed price(, [a-z][\w ()]*)* of LG Audited 24GS60F$/);
    // Search by the actor's e-mail (its product changes, and following its verification link) and by role.
    expect((await audit(admin.cookie, `q=${encodeURIComponent(vendor.email)}`)).items.map((e) => e.action)).toEqual([
      'product.update',
      'product.create',
      'account.email_verify',
    ]);
    expect((await audit(admin.cookie, 'role=vendor&action=product')).items.every((e) => e.actor.role === 'vendor')).toBe(true);
    // Everything about one seller, whoever did it: the admin's approval and the seller's own changes.
    expect((await audit(admin.cookie, `vendorId=${vendor.vendorId}`)).items.map((e) => e.action)).toEqual([
      'product.update',
      'product.create',
      'vendor.approve',
    ]);
    expect((await audit(admin.cookie, 'vendorId=ven_nobody')).items).toEqual([]);
    expect((await json(t.app, 'GET', '/api/admin/audit?from=yesterday', undefined, admin.cookie)).json().error.fields.from).toMatch(
      /From must be a date/,
    );
  });

  it('reads one seller’s entries, newest first, and their count through the index of entries that name a seller', async () => {
    const plans: string[] = [];
    await db().transaction(async (tx) => {
      // A test database's few entries are cheaper to read whole: with that way closed, the plan shows
      // whether the index serves the Seller filter's page and count as audit.repo writes them.
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const statement of [
        sql`select * from audit_log where vendor_id = ${'ven_any'} order by id desc limit 25 offset 0`,
        sql`select count(*) from audit_log where vendor_id = ${'ven_any'}`,
      ])
        plans.push(JSON.stringify((await tx.execute(sql`explain (format json) ${statement}`)).rows));
    });
    for (const plan of plans) expect(plan).toContain('"Index Name":"audit_log_vendor_idx"');
    // Newest first straight from the index: no sort step.
    expect(plans[0]).not.toContain('"Node Type":"Sort"');
  });

  it('is for admins only: a vendor or customer gets 403, a visitor 401, and no route changes an entry', async () => {
    const vendor = await signUpVendor(t, 'Rabale Curious Traders');
    const customer = await signUpCustomer(t);
    expect((await json(t.app, 'GET', '/api/admin/audit', undefined, vendor.cookie)).statusCode).toBe(403);
    expect((await json(t.app, 'GET', '/api/admin/audit', undefined, customer.cookie)).statusCode).toBe(403);
    expect((await json(t.app, 'GET', '/api/admin/audit')).statusCode).toBe(401);
    const admin = await signInAdmin(t);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect((await json(t.app, method, '/api/admin/audit', {}, admin.cookie)).statusCode).toBe(404);
    }
  });

  it('keeps one unbroken chain under concurrent writes, and audit:verify names the first entry changed or removed', async () => {
    const vendor = await signUpVendor(t, 'Turbhe Busy Monitors');
    await db().execute(sql`update vendors set status = 'approved' where id = ${vendor.vendorId}`);
    const created = await json(t.app, 'POST', '/api/vendor/products', monitor('LG Busy 27GR75Q'), vendor.cookie);
    const productId = created.json().product.id as string;
    const before = (await t.services.auditService.verify()).checked;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => json(t.app, 'PATCH', `/api/vendor/products/${productId}`, { stock: i + 1 }, vendor.cookie)),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const intact = await t.services.auditService.verify();
    expect(intact.firstBroken).toBeNull();
    expect(intact.checked).toBeGreaterThanOrEqual(before + 19);
    const ok = await auditVerify();
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Audit log intact: \d+ entries/);

    // Someone with database access quietly changes an old entry…
    const [target] = (await db().execute<{ id: number }>(sql`select id::int from audit_log order by id limit 1 offset 2`)).rows;
    await db().execute(sql`update audit_log set summary = 'Nothing happened here' where id = ${target!.id}`);
    const changed = await auditVerify();
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain(`Audit log broken at entry ${target!.id}: its contents were changed after it was written.`);
    expect((await t.services.auditService.verify()).firstBroken?.id).toBe(target!.id);
    // The admin console's "Check the chain" answers the same, and only to admins.
    const admin = await signInAdmin(t);
    const checked = await json(t.app, 'GET', '/api/admin/audit/verify', undefined, admin.cookie);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().firstBroken).toEqual({ id: target!.id, reason: 'its contents were changed after it was written' });
    expect((await json(t.app, 'GET', '/api/admin/audit/verify', undefined, vendor.cookie)).statusCode).toBe(403);
    expect((await json(t.app, 'GET', '/api/admin/audit/verify')).statusCode).toBe(401);

    // …or removes entries: the first entry after a gap is named.
    const [later] = (await db().execute<{ id: number }>(sql`select id::int from audit_log order by id desc limit 1 offset 3`)).rows;
    await db().execute(sql`delete from audit_log where id <= ${target!.id}`);
    await db().execute(sql`delete from audit_log where id = ${later!.id}`);
    const removed = await t.services.auditService.verify();
    expect(removed.firstBroken?.id).toBeGreaterThan(target!.id);
    expect(removed.firstBroken?.reason).toMatch(/entries before it were removed|entries between them were removed/);
  });
});
