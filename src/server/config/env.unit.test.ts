import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

function problemOf(source: Record<string, string>): string {
  try {
    loadConfig(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(source)}`);
}

describe('loadConfig', () => {
  it('starts with the defaults: port 3000, the embedded database and its demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      embeddedDatabase: true,
      seedDemoData: true,
      secureCookies: false,
      LOGIN_MAX_FAILURES: 5,
      BODY_LIMIT_BYTES: 100 * 1024,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('uses the given PostgreSQL and seeds no demo data there unless asked', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://shop@db.internal:5432/shop' });
    expect(config.embeddedDatabase).toBe(false);
    expect(config.seedDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgresql://shop@db/shop', SEED_DEMO_DATA: 'yes' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('keeps pictures in a folder by default, or in an S3-compatible bucket when fully configured', () => {
    expect(loadConfig({}).MEDIA_STORAGE).toBe('local');
    const s3 = loadConfig({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'sahyadri-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
    });
    expect(s3).toMatchObject({ MEDIA_STORAGE: 's3', S3_BUCKET: 'sahyadri-media', S3_REGION: 'ap-south-1', S3_FORCE_PATH_STYLE: true });
    expect(problemOf({ MEDIA_STORAGE: 's3' })).toMatch(/S3_BUCKET must be set when MEDIA_STORAGE is s3/);
    expect(problemOf({ MEDIA_STORAGE: 'ftp' })).toMatch(/MEDIA_STORAGE must be local or s3/);
    expect(problemOf({ S3_BUCKET: 'Not_A_Bucket' })).toMatch(/S3_BUCKET must be a bucket name/);
    expect(problemOf({ S3_ACCESS_KEY_ID: 'only-the-id' })).toMatch(/must be set together/);
    expect(problemOf({ S3_SECRET_ACCESS_KEY: 'shhh-very-secret', S3_ACCESS_KEY_ID: '' })).not.toMatch(/shhh/);
  });

  it('reads numbers and follows PORT in the default public URL', () => {
    const config = loadConfig({ PORT: '8080', LOGIN_MAX_FAILURES: '3' });
    expect(config.PORT).toBe(8080);
    expect(config.LOGIN_MAX_FAILURES).toBe(3);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT', 'abc'],
    [{ PORT: '70000' }, 'PORT', '70000'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL', 'mysql://x'],
    [{ LOGIN_MAX_FAILURES: '-1' }, 'LOGIN_MAX_FAILURES', '-1'],
    [{ SEED_DEMO_DATA: 'maybe' }, 'SEED_DEMO_DATA', 'maybe'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL', 'http://cache'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV', 'staging'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN', 'short'],
  ])('refuses %j with a ConfigError naming %s and the value', (source, variable, value) => {
    const message = problemOf(source);
    expect(message).toContain(variable);
    expect(message).toContain(`"${value}"`);
  });

  it('lists every bad variable at once', () => {
    const message = problemOf({ PORT: 'abc', SEED_DEMO_DATA: 'maybe' });
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/SEED_DEMO_DATA/);
  });

  it('says what is wrong with a secret without echoing it', () => {
    const message = problemOf({ AUTH_SECRET: 'sesame-open-please', DATA_ENCRYPTION_KEY: 'c2hvcnQ=' });
    expect(message).toContain('AUTH_SECRET must be at least 32 characters');
    expect(message).not.toContain('sesame-open-please');
    expect(message).not.toContain('c2hvcnQ=');
  });

  it('treats empty strings as unset, so a blank line in .env keeps the default', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SEED_DEMO_DATA: '', PUBLIC_URL: '', METRICS_TOKEN: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.embeddedDatabase).toBe(true);
    expect(config.seedDemoData).toBe(true);
    expect(config.METRICS_TOKEN).toBeUndefined();
  });

  it('takes a read replica beside DATABASE_URL only, and never its password into an error', () => {
    const primary = 'postgres://shop:secret@db-primary.internal:5432/shop';
    const replica = 'postgres://shop:secret@db-replica.internal:5432/shop';
    const config = loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica, DATABASE_REPLICA_POOL_MAX: '20' });
    expect(config).toMatchObject({
      DATABASE_REPLICA_URL: replica,
      DATABASE_REPLICA_POOL_MAX: 20,
      DATABASE_REPLICA_MAX_LAG_MS: 1000,
      DATABASE_REPLICA_CHECK_MS: 100,
    });
    expect(loadConfig({ DATABASE_URL: primary }).DATABASE_REPLICA_URL).toBeUndefined();

    expect(problemOf({ DATABASE_REPLICA_URL: replica })).toContain('DATABASE_REPLICA_URL needs DATABASE_URL');
    expect(problemOf({ DATABASE_URL: primary, DATABASE_REPLICA_URL: primary })).toContain('must name the replica, not the primary');
    expect(problemOf({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica, DATABASE_REPLICA_CHECK_MS: '600' })).toContain(
      'DATABASE_REPLICA_CHECK_MS must be at most half of DATABASE_REPLICA_MAX_LAG_MS',
    );
    const bad = problemOf({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'mysql://shop:secret@replica/shop' });
    expect(bad).toContain('DATABASE_REPLICA_URL must be a postgres:// or postgresql:// URL');
    expect(bad).not.toContain('secret');
  });

  it('uses secure cookies when the public URL is https, and drops its trailing slash', () => {
    const https = loadConfig({ PUBLIC_URL: 'https://shop.example.in/' });
    expect(https.PUBLIC_URL).toBe('https://shop.example.in');
    expect(https.secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).secureCookies).toBe(false);
    expect(problemOf({ PUBLIC_URL: 'shop.example.in' })).toContain('PUBLIC_URL');
  });
});
