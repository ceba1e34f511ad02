import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config/env';
import { connectDatabase, databaseLimits } from '../db/client';
import { withDatabase } from '../db/embedded';
import { buildApp, type AppOptions } from '../http/app';
import { createSealer, dataEncryptionKey, type Sealer } from '../lib/sealed';
import { createServices, type Services } from '../services';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  config: Config;
  /** What signs its session cookies: instances beside it share it, as AUTH_SECRET makes processes do. */
  authSecret: string;
  close(): Promise<void>;
}

/** Services and app over a database URL, as one app process builds them. */
async function startInstance(config: Config, authSecret: string, options: Pick<AppOptions, 'pageRenderer'>) {
  // With the app's limits: reads by key as prepared statements (decision 38), a busy pool waited for (decision 39).
  const database = connectDatabase(config.DATABASE_URL!, 5, databaseLimits(config));
  const services = createServices({ config, database, authSecret });
  const app = await buildApp({ services, logger: false, pageRenderer: options.pageRenderer });
  await app.ready();
  return {
    app,
    services,
    config,
    authSecret,
    async stop() {
      await app.close();
      await services.close();
      await database.close();
    },
  };
}

/**
 * The real app over a fresh database cloned from the migrated template (CREATE DATABASE
 * ... TEMPLATE), with its own Redis key prefix when REDIS_URL is set.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'pageRenderer'> & { authSecret?: string } = {},
): Promise<TestApp> {
  const serverUrl = inject('serverUrl');
  const template = inject('templateDatabase');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)} template ${admin.escapeIdentifier(template)}`);

  const app = await createTestAppOver(withDatabase(serverUrl, name), { REDIS_PREFIX: `test:${name}:`, ...overrides }, options);
  return {
    ...app,
    async close() {
      await app.close();
      await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
      await admin.end();
    },
  };
}

/** The real app over the database at `url`, migrated by the caller (a server of the test's own, such as a primary with a replica). */
export async function createTestAppOver(
  url: string,
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'pageRenderer'> & { authSecret?: string } = {},
): Promise<TestApp> {
  const name = `test_${randomBytes(4).toString('hex')}`;
  const config: Config = {
    ...loadConfig(),
    NODE_ENV: 'test',
    DATABASE_URL: url,
    embeddedDatabase: false,
    seedDemoData: false,
    REDIS_PREFIX: `test:${name}:`,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    // Tests change the catalogue under the API's feet; answers must not be cached between calls.
    CATALOGUE_CACHE_SECONDS: 0,
    VENDOR_DASHBOARD_CACHE_SECONDS: 0,
    ADMIN_DASHBOARD_CACHE_SECONDS: 0,
    // Pictures go to a folder of this test app's own, removed on close (unless the test chose one).
    MEDIA_DIR: path.join(tmpdir(), `${name}_media`),
    ...overrides,
  };
  const { stop, ...instance } = await startInstance(config, options.authSecret ?? randomBytes(32).toString('hex'), options);
  return {
    ...instance,
    async close() {
      await stop();
      if (overrides.MEDIA_DIR === undefined) await rm(config.MEDIA_DIR, { recursive: true, force: true });
    },
  };
}

/**
 * Another app process beside `first`: its own services, caches, change bus and connections over
 * the same database, Redis prefix and auth secret, as a second API process behind the load
 * balancer would have. Close it before `first` (which drops the database).
 */
export async function createTestAppBeside(
  first: TestApp,
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'pageRenderer'> = {},
): Promise<TestApp> {
  const { stop, ...instance } = await startInstance({ ...first.config, ...overrides }, first.authSecret, options);
  return { ...instance, close: stop };
}

/** Cookie header value from a response's Set-Cookie headers. */
export function cookieFrom(response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}

export function json(app: FastifyInstance, method: InjectOptions['method'], url: string, body?: unknown, cookie?: string) {
  return app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    headers: cookie ? { cookie } : {},
  });
}

let counter = 0;
/** A unique e-mail for a test, so files and runs never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}@example.in`;
}

export const TEST_PASSWORD = 'Kothrud-Laptop-42';

/** Registers a new customer through the API and returns the session cookie. */
export async function registerCustomer(app: FastifyInstance, name = 'Priya Kulkarni'): Promise<string> {
  const res = await json(app, 'POST', '/api/auth/register', {
    name,
    email: uniqueEmail('customer'),
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  });
  if (res.statusCode !== 201) throw new Error(`registering a test customer failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/** A delivery address in Pune, as a customer types it. */
export const PUNE_ADDRESS = {
  fullName: 'Aditi Joshi',
  mobile: '9822012345',
  line1: 'Flat 12, Sai Residency',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411045',
};

/** Adds an address to a signed-in customer's book through the API; returns its id. */
export async function addAddress(app: FastifyInstance, cookie: string, address: object = PUNE_ADDRESS): Promise<string> {
  const res = await json(app, 'POST', '/api/addresses', address, cookie);
  if (res.statusCode !== 201) throw new Error(`adding a test address failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { address: { id: string } }).address.id;
}

/** What seals and opens the test app's bank accounts (decision 52), for a test that writes or reads the columns itself. */
export const sealerOf = (t: Pick<TestApp, 'config' | 'authSecret'>): Sealer =>
  createSealer(dataEncryptionKey(t.config.DATA_ENCRYPTION_KEY, t.authSecret));
