import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { UserRole } from '~/shared/constants';
import { AppError } from '../lib/app-error';
import { registerAccessControl } from './access';
import { registerErrorHandler } from './error-handler';
import { registerVendorOfRequest, type VendorResolver } from './vendor-of-request';

/**
 * The hook that gives a seller-centre route its vendor, on a bare app: accounts are named by a test
 * header, vendors by a table of user ids (the real lookups are the vendors service's, covered by the
 * vendor routes' API tests).
 */
const ACCOUNTS: Record<string, UserRole> = {
  'u-approved': 'vendor',
  'u-pending': 'vendor',
  'u-no-record': 'vendor',
  'u-customer': 'customer',
};
const VENDORS: Record<string, { id: string; status: 'approved' | 'pending' }> = {
  'u-approved': { id: 'v-approved', status: 'approved' },
  'u-pending': { id: 'v-pending', status: 'pending' },
};

let app: FastifyInstance;
let lookups: string[] = [];

const vendors: VendorResolver = {
  async vendorIdOf(userId) {
    lookups.push(`read ${userId}`);
    const vendor = VENDORS[userId];
    if (!vendor) throw new AppError('FORBIDDEN', 'No vendor record belongs to this account.');
    return vendor.id;
  },
  async sellingVendorIdOf(userId) {
    lookups.push(`sell ${userId}`);
    const vendor = VENDORS[userId];
    if (!vendor) throw new AppError('FORBIDDEN', 'No vendor record belongs to this account.');
    if (vendor.status !== 'approved') throw new AppError('FORBIDDEN', 'Your application is still being reviewed.');
    return vendor.id;
  },
};

async function build(): Promise<FastifyInstance> {
  const built = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  built.setValidatorCompiler(validatorCompiler);
  built.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(built);
  registerAccessControl(built, async (headers) => {
    const userId = headers.get('x-test-user');
    const role = userId ? ACCOUNTS[userId] : undefined;
    return userId && role ? { userId, sessionId: `s-${userId}`, role, email: `${userId}@example.test`, name: userId } : null;
  });
  registerVendorOfRequest(built, vendors);
  built.get('/api/vendor/things', { config: { access: 'vendor', vendor: 'read' } }, async (request) => ({
    vendorId: request.vendorId,
    again: request.vendorId,
  }));
  built.post(
    '/api/vendor/things',
    { config: { access: 'vendor', vendor: 'sell' }, schema: { body: z.strictObject({ name: z.string().min(1) }) } },
    async (request) => ({ vendorId: request.vendorId, name: request.body.name }),
  );
  built.get('/api/vendor/template', { config: { access: 'vendor' } }, async () => ({ template: true }));
  built.get('/api/forgot', { config: { access: 'signed-in' } }, async (request) => ({ vendorId: request.vendorId }));
  await built.ready();
  return built;
}

const call = (method: 'GET' | 'POST', url: string, user?: string, payload?: object) =>
  app.inject({ method, url, headers: user ? { 'x-test-user': user } : {}, ...(payload && { payload }) });

afterEach(async () => {
  await app?.close();
  lookups = [];
});

describe('the vendor of a seller-centre route', () => {
  it('is the signed-in account’s, found once per request from the session', async () => {
    app = await build();
    const res = await call('GET', '/api/vendor/things?vendorId=v-pending', 'u-approved');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ vendorId: 'v-approved', again: 'v-approved' });
    expect(lookups).toEqual(['read u-approved']);
  });

  it('reads for any vendor with a record, and refuses an account without one before the handler', async () => {
    app = await build();
    expect((await call('GET', '/api/vendor/things', 'u-pending')).json()).toEqual({ vendorId: 'v-pending', again: 'v-pending' });
    const refused = await call('GET', '/api/vendor/things', 'u-no-record');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'No vendor record belongs to this account.' });
  });

  it('sells for an approved vendor only, and says why it refuses another', async () => {
    app = await build();
    const sold = await call('POST', '/api/vendor/things', 'u-approved', { name: 'Laptop' });
    expect(sold.json()).toEqual({ vendorId: 'v-approved', name: 'Laptop' });
    const refused = await call('POST', '/api/vendor/things', 'u-pending', { name: 'Laptop' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your application is still being reviewed.');
    expect(lookups).toEqual(['sell u-approved', 'sell u-pending']);
  });

  it('comes after the access rule and the validation, as when each handler looked it up', async () => {
    app = await build();
    expect((await call('GET', '/api/vendor/things')).statusCode).toBe(401);
    expect((await call('GET', '/api/vendor/things', 'u-customer')).statusCode).toBe(403);
    expect((await call('POST', '/api/vendor/things', 'u-pending', { name: '' })).statusCode).toBe(400);
    expect(lookups).toEqual([]);
  });

  it('is not looked up for a route that declares no vendor, and cannot be read there', async () => {
    app = await build();
    expect((await call('GET', '/api/vendor/template', 'u-no-record')).json()).toEqual({ template: true });
    expect((await call('GET', '/api/forgot', 'u-approved')).statusCode).toBe(500);
    expect(lookups).toEqual([]);
  });

  it('needs the vendor access rule: the app refuses to start otherwise', async () => {
    app = Fastify({ logger: false });
    registerAccessControl(app, async () => null);
    registerVendorOfRequest(app, vendors);
    expect(() => app.get('/api/orders/x', { config: { access: 'signed-in', vendor: 'read' } }, async () => ({}))).toThrow(
      /needs access 'vendor'/,
    );
  });
});
