import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpCustomer, signUpVendor } from '../test/accounts-kit';
import { createTestApp, json, type TestApp } from '../test/test-app';

/**
 * The API's documents (decision 57): who may read which, and that client generators can use them.
 */
interface Operation {
  operationId?: string;
  'x-access'?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let t: TestApp;
const cookies = { customer: '', vendor: '', admin: '' };
const documents = {} as Record<'store' | 'vendor' | 'admin', { body: string; document: Document }>;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  cookies.customer = (await signUpCustomer(t)).cookie;
  cookies.vendor = (await signUpVendor(t)).cookie;
  cookies.admin = (await signInAdmin(t)).cookie;
  for (const [audience, url, cookie] of [
    ['store', '/api/docs/json', undefined],
    ['vendor', '/api/docs/vendor/json', cookies.vendor],
    ['admin', '/api/docs/admin/json', cookies.admin],
  ] as const) {
    const res = await json(t.app, 'GET', url, undefined, cookie);
    expect(res.statusCode, url).toBe(200);
    documents[audience] = { body: res.body, document: res.json() as Document };
  }
});
afterAll(() => t.close());

/** Every operation of a document as [method, path, operation]. */
const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [method, path, op] as const));
const accessesOf = (document: Document) => new Set(operationsOf(document).map(([, , op]) => op['x-access']));

describe('who reads which document', () => {
  it('gives anyone the store’s document, with no back-office operation or schema in it', async () => {
    const { document, body } = documents.store;
    expect(document.info.title).toBe('Sahyadri Computers Store API');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/catalogue/products',
        '/api/catalogue/products/{id}',
        '/api/auth/login',
        '/api/cart/check',
        '/api/orders',
      ]),
    );
    expect([...accessesOf(document)].sort()).toEqual(['customer', 'public', 'signed-in']);
    expect(body).not.toContain('/api/admin/');
    expect(body).not.toContain('/api/vendor/');
    expect(Object.keys(document.components.schemas)).not.toContain('AdminDashboard');
    const yaml = await json(t.app, 'GET', '/api/docs/yaml');
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('/api/catalogue/products/{id}:');
    expect(yaml.body).not.toContain('/api/admin/');
  });

  it('gives the seller centre’s document to signed-in vendors only', async () => {
    const url = '/api/docs/vendor/json';
    expect((await json(t.app, 'GET', url)).statusCode).toBe(401);
    for (const other of [cookies.customer, cookies.admin]) {
      const res = await json(t.app, 'GET', url, undefined, other);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const { document, body } = documents.vendor;
    expect(document.info.title).toBe('Sahyadri Computers Seller Centre API');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/vendor/products', '/api/vendors/me', '/api/auth/login']));
    expect([...accessesOf(document)].sort()).toEqual(['public', 'signed-in', 'vendor']);
    expect(body).not.toContain('/api/admin/');
  });

  it('gives the back office’s document to signed-in admins only', async () => {
    const url = '/api/docs/admin/json';
    expect((await json(t.app, 'GET', url)).statusCode).toBe(401);
    for (const other of [cookies.customer, cookies.vendor]) expect((await json(t.app, 'GET', url, undefined, other)).statusCode).toBe(403);
    const { document, body } = documents.admin;
    expect(document.info.title).toBe('Sahyadri Computers Admin API');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/admin/users', '/api/admin/overview', '/api/auth/login']));
    expect([...accessesOf(document)].sort()).toEqual(['admin', 'public', 'signed-in']);
    expect(body).not.toContain('/api/vendor/');
  });

  it('describe every route of the API between them', () => {
    const described = new Set(Object.values(documents).flatMap(({ document }) => operationsOf(document).map(([m, p]) => `${m} ${p}`)));
    const routes = operationsOf(t.app.swagger() as unknown as Document).map(([m, p]) => `${m} ${p}`);
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.filter((route) => !described.has(route))).toEqual([]);
  });
});

describe('the documents serve client generators', () => {
  it.each(['store', 'vendor', 'admin'] as const)('the %s document passes Redocly’s recommended rules with no error', async (audience) => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: documents[audience].body, absoluteRef: `${audience}.json`, config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  });

  it('names every operation once, from its method and path', () => {
    const ids = operationsOf(t.app.swagger() as unknown as Document).map(([method, path, op]) => [`${method} ${path}`, op.operationId]);
    expect(ids.filter(([, id]) => typeof id !== 'string')).toEqual([]);
    expect(new Set(ids.map(([, id]) => id)).size).toBe(ids.length);
    const store = documents.store.document.paths;
    expect(store['/api/catalogue/products']?.get?.operationId).toBe('getCatalogueProducts');
    expect(store['/api/catalogue/products/{id}']?.get?.operationId).toBe('getCatalogueProductsById');
    expect(documents.admin.document.paths['/api/admin/vendors/{id}/decision']?.post?.operationId).toBe('postAdminVendorsByIdDecision');
  });

  it('says which operations need the session cookie, from each route’s access rule', () => {
    for (const { document } of Object.values(documents)) {
      expect(document.components.securitySchemes).toEqual({
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'shop.session_token', description: expect.any(String) },
      });
      for (const [method, path, op] of operationsOf(document)) {
        const expected = op['x-access'] === 'public' ? [] : [{ sessionCookie: [] }];
        expect(op.security, `${method} ${path} (${op['x-access']})`).toEqual(expected);
      }
    }
  });

  it('is right about the session: each store operation that needs it answers 401 without one', async () => {
    const needing = operationsOf(documents.store.document).filter(([, , op]) => op.security?.length);
    expect(needing.length).toBeGreaterThan(30);
    for (const [method, path] of needing) {
      const res = await json(t.app, method.toUpperCase() as 'GET', path.replace(/\{[^}]+\}/g, 'x1'), method === 'get' ? undefined : {});
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('declares the error answers each operation can give, in the one error shape', () => {
    const { document } = documents.store;
    const error = document.components.schemas['ApiError'] as {
      properties: { error: { properties: Record<string, unknown>; required: string[] } };
    };
    expect(Object.keys(error.properties.error.properties)).toEqual(expect.arrayContaining(['code', 'message', 'fields']));
    expect(error.properties.error.required).toEqual(['code', 'message']);
    for (const name of ['BadRequest', 'Unauthenticated', 'Forbidden', 'NotFound', 'Conflict']) {
      expect(document.components.responses[name], name).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      });
    }
    const statusesOf = (method: string, path: string) =>
      Object.keys(Object.values(documents).find((d) => d.document.paths[path]?.[method])?.document.paths[path]?.[method]?.responses ?? {});
    // Public, with a path parameter: not valid, or not there.
    expect(statusesOf('get', '/api/catalogue/products/{id}')).toEqual(['200', '400', '404', 'default']);
    // A customer's write: and a session, and the role, and a body that may be too large or not JSON.
    expect(statusesOf('post', '/api/addresses')).toEqual(expect.arrayContaining(['400', '401', '403', '409', '413', '415', 'default']));
    // An admin's action on a vendor, which may already be decided.
    expect(statusesOf('post', '/api/admin/vendors/{id}/decision')).toEqual(expect.arrayContaining(['400', '401', '403', '404', '409']));
    for (const { document: d } of Object.values(documents)) {
      for (const [method, path, op] of operationsOf(d)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (/^[45]|default/.test(status)) expect(response.$ref, `${method} ${path} ${status}`).toMatch(/^#\/components\/responses\//);
        }
      }
    }
  });

  it('writes each schema once, as a shared component, and a file answer as its media type', () => {
    const { document, body } = documents.store;
    expect(document.openapi).toBe('3.1.0');
    const product = document.paths['/api/catalogue/products/{id}']?.get?.responses['200']?.content?.['application/json'];
    expect(product).toEqual({ schema: { $ref: '#/components/schemas/ProductDetailResponse' } });
    // No schema of a kilobyte or more is written out twice anywhere in the operations.
    const seen = new Map<string, number>();
    const walk = (value: unknown, key = ''): void => {
      if (!value || typeof value !== 'object') return;
      if (key === 'schema') {
        const text = JSON.stringify(value);
        if (text.length >= 1024) seen.set(text, (seen.get(text) ?? 0) + 1);
      }
      for (const [k, v] of Object.entries(value)) walk(v, k);
    };
    walk(document.paths);
    expect([...seen.values()].filter((n) => n > 1)).toEqual([]);
    // 786 KB for every route before; decision 57 records the figures.
    expect(body.length).toBeLessThan(200_000);
    const csv = documents.admin.document.paths['/api/admin/reports/gst-sales.csv']?.get?.responses['200']?.content;
    expect(Object.keys(csv ?? {})).toEqual(['text/csv']);
  });
});
