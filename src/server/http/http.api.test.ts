import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, uniqueEmail, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const contact = () => ({ name: 'Meera Kulkarni', email: uniqueEmail('meera'), topic: 'Other', message: 'Do you deliver to Ratnagiri?' });

/** The directives of a Content-Security-Policy header, by name. */
function cspDirectives(header: unknown): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values.join(' '));
  }
  return directives;
}

/** A Permissions-Policy header's features, each with its allow-list as written ("()", "(self)"). */
function permissions(header: unknown): Map<string, string> {
  const features = new Map<string, string>();
  for (const part of String(header).split(',')) {
    const [name, allowed] = part.trim().split('=');
    if (name) features.set(name, allowed ?? '');
  }
  return features;
}

/** What a browser must read from every answer of the shop: no framing in either header, no features it never uses. */
function expectFramingAndFeaturesDenied(headers: Record<string, unknown>) {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(cspDirectives(headers['content-security-policy']).get('frame-ancestors')).toBe("'none'");
  const features = permissions(headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'fullscreen', 'browsing-topics']) {
    expect(features.get(feature), feature).toBe('()');
  }
  // The recovery codes and the jobs' ids are copied with the clipboard: the shop keeps that for itself.
  expect(features.get('clipboard-write')).toBe('(self)');
}

describe('health', () => {
  it('answers 200 with the database up and how long it took to answer', async () => {
    const res = await json(t.app, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    const health = res.json();
    expect(health.status).toBe('ok');
    expect(health.database.status).toBe('up');
    expect(health.database.latencyMs).toEqual(expect.any(Number));
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.cache).toEqual({ kind: t.config.REDIS_URL ? 'redis' : 'memory', status: 'up' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('errors and request ids', () => {
  it.each(['GET', 'POST'] as const)('answers %s to an unknown /api path with a JSON 404', async (method) => {
    const res = await json(t.app, method, '/api/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: `There is no API route ${method} /api/no-such-route.` });
  });

  it('gives every response a request id, also in the error body', async () => {
    const res = await json(t.app, 'GET', '/api/no-such-route');
    const id = res.headers['x-request-id'];
    expect(id).toEqual(expect.any(String));
    expect(res.json().error.requestId).toBe(id);
    const other = await json(t.app, 'GET', '/api/health');
    expect(other.headers['x-request-id']).toEqual(expect.any(String));
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('echoes a well-formed incoming x-request-id and replaces a malformed one', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a9c21-req' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a9c21-req');
    const bad = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'short<script>' } });
    expect(bad.headers['x-request-id']).not.toBe('short<script>');
    expect(bad.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });
  });

  it('answers a body in another media type than JSON with 415, never a 500', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'Hello, do you sell laptops?',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/xml' },
      payload: '<message/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over BODY_LIMIT_BYTES with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...contact(), message: 'x'.repeat(t.config.BODY_LIMIT_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
  });
});

describe('security', () => {
  it('sends a content security policy that allows no inline script and no framing', async () => {
    const res = await json(t.app, 'GET', '/api/health');
    const csp = cspDirectives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('tells browsers, on an API answer, that nothing may frame it and which features are denied', async () => {
    expectFramingAndFeaturesDenied((await json(t.app, 'GET', '/api/health')).headers);
    expectFramingAndFeaturesDenied((await json(t.app, 'GET', '/api/no-such-route')).headers);
  });

  it('says the same on the API documentation page, whose own CSP would let the shop frame it', async () => {
    const res = await json(t.app, 'GET', '/api/docs');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectFramingAndFeaturesDenied(res.headers);
  });

  it('refuses a write from another site', async () => {
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example' },
      payload: contact(),
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Requests from other sites are not accepted.' });

    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: contact(),
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('accepts a write from the shop itself', async () => {
    const own = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { origin: t.config.PUBLIC_URL }, payload: contact() });
    expect(own.statusCode).toBe(201);
  });
});

describe('API documentation', () => {
  it('publishes the store’s OpenAPI with who may call each operation (the back office’s: api-docs.api.test.ts)', async () => {
    const res = await json(t.app, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const spec = res.json() as { paths: Record<string, Record<string, { 'x-access'?: string }>> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/register', '/api/auth/login', '/api/vendors/register', '/api/contact']),
    );
    const operations = Object.entries(spec.paths)
      .filter(([p]) => p.startsWith('/api/'))
      .flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${p}`, op['x-access']] as const));
    expect(operations.length).toBeGreaterThan(10);
    for (const [operation, access] of operations) {
      expect(['public', 'signed-in', 'customer'], operation).toContain(access);
    }
    expect(spec.paths['/api/account']?.get?.['x-access']).toBe('signed-in');
    expect(spec.paths['/api/orders']?.post?.['x-access']).toBe('customer');
    expect(spec.paths['/api/auth/register']?.post?.['x-access']).toBe('public');
  });

  it('serves the documentation page as HTML', async () => {
    const res = await json(t.app, 'GET', '/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('web app fallback', () => {
  let web: TestApp;
  let webDir: string;
  const indexHtml = '<!doctype html><html><head><title>Sahyadri Computers</title></head><body><div id="root"></div></body></html>';
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
    await writeFile(path.join(webDir, 'index.html'), indexHtml);
    web = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await web.close();
    await rm(webDir, { recursive: true, force: true });
  });
  /** The host of PUBLIC_URL, as a browser at the shop's own address sends it. */
  const shopHost = () => new URL(web.config.PUBLIC_URL).host;

  it('sends a page asked for at another address to the shop’s own, path and query kept', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/checkout?step=address', headers: { host: '127.0.0.1:3000' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${web.config.PUBLIC_URL}/checkout?step=address`);
    expect(res.headers['cache-control']).toBe('no-store');
    // The API answers at any address (a health check by IP, say); only pages move.
    expect((await web.app.inject({ method: 'GET', url: '/api/health', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
  });

  it.each(['/about', '/admin/users'])('serves the app for the page %s with 200', async (page) => {
    const res = await web.app.inject({ method: 'GET', url: page, headers: { host: shopHost() } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(indexHtml);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('tells browsers, on a page, that nothing may frame it and which features are denied', async () => {
    const home = await web.app.inject({ method: 'GET', url: '/', headers: { host: shopHost() } });
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expectFramingAndFeaturesDenied(home.headers);
    const invoice = await web.app.inject({ method: 'GET', url: '/order-details/ord_1/invoice', headers: { host: shopHost() } });
    expectFramingAndFeaturesDenied(invoice.headers);
  });

  it('serves the home page with its own head: the canonical address and the shop named for search engines', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/', headers: { host: shopHost() } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="canonical"');
    expect(res.body).toContain('application/ld+json');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('serves catalogue pages with their own head, and an unknown product with 404', async () => {
    const category = await web.app.inject({ method: 'GET', url: '/category/Laptop', headers: { host: shopHost() } });
    expect(category.statusCode).toBe(200);
    expect(category.body).toContain('<link rel="canonical"');
    expect(category.headers['cache-control']).toBe('no-cache');
    const product = await web.app.inject({ method: 'GET', url: '/product/prd_123', headers: { host: shopHost() } });
    expect(product.statusCode).toBe(404);
    expect(product.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each(['/category/Toasters', '/no-such-page'])('serves the app for %s with 404, so crawlers see it is no page', async (page) => {
    const res = await web.app.inject({ method: 'GET', url: page, headers: { host: shopHost() } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(indexHtml);
  });

  it('answers an unknown /api path with JSON, not the app', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/whatever' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('answers a POST to a page path with a JSON 404', async () => {
    const res = await web.app.inject({ method: 'POST', url: '/about' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('metrics', () => {
  it('are open to a caller on the same machine (inject comes from 127.0.0.1)', async () => {
    await json(t.app, 'GET', '/api/health');
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/);
  });

  it('are refused to a caller from elsewhere', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(403);
  });

  describe('with METRICS_TOKEN set', () => {
    const token = 'metrics-token-0123456789abcdef';
    let guarded: TestApp;
    beforeAll(async () => {
      guarded = await createTestApp({ METRICS_TOKEN: token });
    });
    afterAll(() => guarded.close());

    it('need the token, even from the same machine', async () => {
      const none = await guarded.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(403);
      const wrong = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } });
      expect(wrong.statusCode).toBe(403);
      const right = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.7',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('http_request_duration_seconds');
    });
  });
});
