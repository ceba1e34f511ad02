import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_PASSWORD, signUpCustomer } from '../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../test/catalogue-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { projectRoot } from '../lib/project-root';

/**
 * What an integrator does with the store's document (decision 57): generate a typed client with a
 * standard generator (openapi-typescript's types, openapi-fetch's client), compile code written against
 * it, and call the shop over HTTP with it. The generated code lives in a folder of its own under
 * .tmp (so its imports find node_modules) and is removed afterwards.
 */
let t: TestApp;
let baseUrl: string;
let dir: string;
let customer: { email: string };

/** Written as an integrator would, against the generated `paths`: it only compiles if the types say what the shop answers. */
const CALLS = `
import createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function walkTheShop(baseUrl: string, email: string, password: string) {
  const shop = createClient<paths>({ baseUrl });

  const list = await shop.GET('/api/catalogue/products', { params: { query: { category: 'Laptop', sort: 'price_asc' } } });
  if (!list.data) throw new Error('no product list: ' + list.response.status);
  const first = list.data.items[0];
  if (!first) throw new Error('no laptop in the list');
  const cheapest: { id: string; name: string; pricePaise: number } = first;

  const product = await shop.GET('/api/catalogue/products/{id}', { params: { path: { id: cheapest.id } } });
  if (!product.data) throw new Error('no product: ' + product.response.status);
  const productName: string = product.data.product.name;

  const missing = await shop.GET('/api/catalogue/products/{id}', { params: { path: { id: 'prd_no_such_product' } } });
  const missingCode: string | undefined = missing.error?.error.code;

  const wrong = await shop.POST('/api/auth/login', { body: { email, password: password + '-wrong' } });
  const wrongCode: string | undefined = wrong.error?.error.code;

  const login = await shop.POST('/api/auth/login', { body: { email, password } });
  const cookie = (login.response.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const session = await shop.GET('/api/auth/session', { headers: { cookie } });
  const signedIn: string | undefined = session.data?.user?.email;

  return {
    total: list.data.total,
    cheapest,
    productName,
    missing: { status: missing.response.status, code: missingCode },
    wrongPassword: { status: wrong.response.status, code: wrongCode },
    loginStatus: login.response.status,
    signedIn,
  };
}
`;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  await seedDemoCatalogueForTests(t.services);
  customer = await signUpCustomer(t, 'Sneha Deshpande');
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await mkdir(path.join(projectRoot(), '.tmp'), { recursive: true });
  dir = await mkdtemp(path.join(projectRoot(), '.tmp', 'openapi-client-'));
  // The generator reads the document the shop serves, as an integrator's build would. A request's field
  // with a default may be left out (the document lists it under no `required`); openapi-typescript
  // would require it unless told (decision 57).
  const served = await fetch(`${baseUrl}/api/docs/json`);
  expect(served.status).toBe(200);
  await writeFile(path.join(dir, 'schema.ts'), astToString(await openapiTS(await served.json(), { defaultNonNullable: false })));
}, 120_000);
afterAll(async () => {
  await t.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The compiler's complaints about one file of the generated folder, strict as a TypeScript project would be. */
function typeErrorsOf(file: string) {
  const program = ts.createProgram([path.join(dir, file)], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    line: d.file?.getLineAndCharacterOfPosition(d.start ?? 0).line,
    text: `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
  }));
}

describe('a client generated from the store’s document', () => {
  it('compiles against the shop’s answers and lists products, opens one and signs in', async () => {
    await writeFile(path.join(dir, 'calls.ts'), CALLS);

    expect(typeErrorsOf('calls.ts').map((e) => e.text)).toEqual([]);

    const { walkTheShop } = (await import(/* @vite-ignore */ path.join(dir, 'calls.ts'))) as {
      walkTheShop: (baseUrl: string, email: string, password: string) => Promise<Record<string, unknown>>;
    };
    const walk = await walkTheShop(baseUrl, customer.email, KIT_PASSWORD);
    expect(walk.total).toBeGreaterThan(5);
    expect(walk.cheapest).toMatchObject({ id: expect.any(String), name: expect.any(String), pricePaise: expect.any(Number) });
    expect(walk.productName).toBe((walk.cheapest as { name: string }).name);
    expect(walk.missing).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(walk.wrongPassword).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(walk.loginStatus).toBe(200);
    expect(walk.signedIn).toBe(customer.email);
  });

  it('does not compile code that calls the shop wrongly', async () => {
    await writeFile(
      path.join(dir, 'wrong.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './schema';
const shop = createClient<paths>({ baseUrl: 'http://localhost' });
export const missingId = shop.GET('/api/catalogue/products/{id}', { params: { path: {} } });
export const noSuchRoute = shop.GET('/api/catalogue/toasters');
export const adminRoute = shop.GET('/api/admin/users');
`,
    );
    const lines = typeErrorsOf('wrong.ts').map((e) => e.line);
    // Each of the three calls is refused: a path parameter left out, a route that is not there, a back-office route.
    expect(new Set(lines)).toEqual(new Set([3, 4, 5]));
  });
});
