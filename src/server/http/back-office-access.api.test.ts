import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpCustomer, signUpVendor } from '../test/accounts-kit';
import { createTestApp, json, type TestApp } from '../test/test-app';

/**
 * Every route of the back office, found in its OpenAPI documents (so a route added later is covered
 * without touching this file): /api/admin routes declare `admin` and refuse visitors, customers and
 * vendors; /api/vendor routes declare `vendor` and refuse visitors, customers and admins. The server
 * decides; the web app's guards are a convenience.
 */
let t: TestApp;
const cookies: Record<'customer' | 'vendor' | 'admin', string> = { customer: '', vendor: '', admin: '' };
let routes: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; url: string; access: string | undefined }[] = [];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  cookies.customer = (await signUpCustomer(t)).cookie;
  cookies.vendor = (await signUpVendor(t)).cookie;
  cookies.admin = (await signInAdmin(t)).cookie;
  // The admin's document to an admin, the seller centre's to a vendor (decision 57).
  const paths: Record<string, Record<string, { 'x-access'?: string }>> = {};
  for (const [url, cookie] of [
    ['/api/docs/admin/json', cookies.admin],
    ['/api/docs/vendor/json', cookies.vendor],
  ] as const) {
    const spec = (await json(t.app, 'GET', url, undefined, cookie)).json() as { paths: typeof paths };
    Object.assign(paths, spec.paths);
  }
  routes = Object.entries(paths)
    .filter(([p]) => p.startsWith('/api/admin/') || p.startsWith('/api/vendor/'))
    .flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase() as 'GET',
        path: p,
        url: p.replace(/\{[^}]+\}/g, 'id_of_someone_else'),
        access: op['x-access'],
      })),
    );
});
afterAll(() => t.close());

describe('back-office routes', () => {
  it('are found, admin and vendor alike', () => {
    expect(routes.filter((r) => r.path.startsWith('/api/admin/')).length).toBeGreaterThanOrEqual(50);
    expect(routes.filter((r) => r.path.startsWith('/api/vendor/')).length).toBeGreaterThanOrEqual(2);
  });

  it('declare the role of their prefix', () => {
    for (const r of routes) expect(`${r.method} ${r.path}: ${r.access}`).toBe(`${r.method} ${r.path}: ${r.path.split('/')[2]}`);
  });

  it('ask a visitor to sign in', async () => {
    for (const r of routes) {
      const res = await json(t.app, r.method, r.url, r.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('refuse every other role with 403, before reading anything', async () => {
    for (const r of routes) {
      const role = r.path.split('/')[2] as 'admin' | 'vendor';
      for (const other of (['customer', 'vendor', 'admin'] as const).filter((x) => x !== role)) {
        const res = await json(t.app, r.method, r.url, r.method === 'GET' ? undefined : {}, cookies[other]);
        expect(res.statusCode, `${other}: ${r.method} ${r.url}`).toBe(403);
        expect(res.json().error).toMatchObject({
          code: 'FORBIDDEN',
          message: `This needs a${role === 'admin' ? 'n' : ''} ${role} account.`,
        });
      }
    }
  });
});
