import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/run-cli';
import { createTestApp, json, uniqueEmail, type TestApp } from '../test/test-app';

const password = 'Kothrud-Laptop-42';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  // The app's own fresh clone of the template; the CLI writes into the same database.
  t = await createTestApp();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-admin-cli-'));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs `npm run admin:create -- ...args` as a real child process against the test database. */
function adminCreate(...args: string[]) {
  return runCli('admin-create', args, {
    DATABASE_URL: t.config.DATABASE_URL!,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
  });
}

describe('npm run admin:create', { timeout: 90_000 }, () => {
  it('creates an admin who can sign in at the admin login', async () => {
    const email = uniqueEmail('cli-admin');
    const result = await adminCreate('--email', email.toUpperCase(), '--password', password, '--name', 'Sunita Rao');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Admin ${email} created`);
    expect(result.stdout).toContain('Two-step sign-in is required for admins');

    const login = await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'admin' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ email, name: 'Sunita Rao', role: 'admin', vendor: null });
  });

  it('refuses a weak password, naming --password, and creates nobody', async () => {
    const email = uniqueEmail('weak');
    const result = await adminCreate('--email', email, '--password', 'password123', '--name', 'Weak Admin');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/--password: This password is too common/);
    expect(result.stderr).toContain('Usage: npm run admin:create');

    const login = await json(t.app, 'POST', '/api/auth/login', { email, password: 'password123' });
    expect(login.statusCode).toBe(401);
  });

  it('refuses an e-mail that already has an account, with a clear message', async () => {
    const email = uniqueEmail('twice');
    expect((await adminCreate('--email', email, '--password', password, '--name', 'First Admin')).code).toBe(0);
    const again = await adminCreate('--email', email, '--password', 'Another-Pass-77', '--name', 'Second Admin');
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`An account with the e-mail ${email} already exists.`);

    // The first account is untouched: its password still works, the second one does not.
    expect((await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'admin' })).statusCode).toBe(200);
    expect((await json(t.app, 'POST', '/api/auth/login', { email, password: 'Another-Pass-77', portal: 'admin' })).statusCode).toBe(401);
  });
});
