import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const postgresUrl = z.string().refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL');

const redisUrl = z.string().refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL');

const smtpUrl = z.string().refine((v) => {
  try {
    const url = new URL(v);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.username !== '' && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be an smtp:// or smtps:// URL with user and password, like smtps://user:pass@smtp.example.in:465');

/** Every setting the server reads, with its default. `.env.example` lists the same. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  /**
   * What this process runs (decision 33): `all` (the API and the background jobs, one process), `api`
   * (HTTP only; jobs are queued for a worker) or `worker` (the jobs only).
   */
  SERVER_MODE: z.enum(['all', 'api', 'worker'], { error: 'must be all, api or worker' }).default('all'),
  /** How many jobs a worker runs at once (picture resizing uses a core each). */
  WORKER_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(32, 'must be at most 32').default(2),
  /** A worker (SERVER_MODE=worker) answers /api/health/live and /api/health/ready on this port when set. */
  WORKER_HEALTH_PORT: port.optional(),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL like https://shop.example.in' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  MEDIA_DIR: z.string().min(1).optional(),
  /** Where product pictures are kept: a folder (MEDIA_DIR) or an S3-compatible bucket. */
  MEDIA_STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 lower-case letters, digits, dots or dashes)')
    .optional(),
  S3_REGION: z.string().min(1).max(40).default('ap-south-1'),
  S3_ENDPOINT: z.url({ error: 'must be an absolute URL like https://s3.ap-south-1.amazonaws.com' }).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9/_-]*$/, 'must be letters, digits, -, _ and /')
    .optional(),
  /**
   * Picture addresses in a seller's CSV (decision 61) are fetched only from public addresses on ports
   * 80 and 443; true lets tests and a developer fetch from 127.0.0.1, a private network and any port.
   */
  PICTURE_FETCH_ALLOW_PRIVATE: booleanFlag.default(false),
  DATABASE_URL: postgresUrl.optional(),
  /**
   * Apply pending migrations when the process starts (default). false: the process refuses to start on a
   * schema older than its release; run `npm run db:migrate` on a direct connection first (PgBouncer, docs/deploy.md).
   */
  MIGRATE_ON_START: booleanFlag.default(true),
  DB_POOL_MAX: z.coerce.number({ error: 'must be a number' }).int().min(1).max(200, 'must be at most 200').default(10),
  /**
   * The storefront's reads by key go as named prepared statements, planned once per connection (decision 38).
   * false behind a pooler in transaction mode that does not keep them (PgBouncer before 1.21; docs/deploy.md).
   */
  DB_PREPARED_STATEMENTS: booleanFlag.default(true),
  /**
   * A streaming replica of DATABASE_URL's server (decision 34): the storefront's catalogue reads go
   * there whenever it has replayed everything they must show, the primary otherwise.
   */
  DATABASE_REPLICA_URL: postgresUrl.optional(),
  DATABASE_REPLICA_POOL_MAX: z.coerce.number({ error: 'must be a number' }).int().min(1).max(200, 'must be at most 200').default(10),
  /** Reads go to the primary while the replica is further behind than this (writes that drop no cached answer). */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).max(600_000).default(1_000),
  /** How often the primary's and the replica's WAL positions are read (a catalogue change waits for the next reading). */
  DATABASE_REPLICA_CHECK_MS: z.coerce.number({ error: 'must be a number' }).int().min(10).max(10_000).default(100),
  /** How long opening a database connection may take before a request answers 503 (decision 24). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).max(60_000).default(2_000),
  /** How long a request waits for one of the pool's connections to come free before it answers 503 "busy" (decision 39). */
  DB_POOL_WAIT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).max(120_000).default(10_000),
  /** The longest one SQL statement may run; PostgreSQL cancels it after this (decision 24). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).max(600_000).default(15_000),
  /** How often the app checks that the database answers, and how long it waits for the answer (decision 24). */
  DB_PROBE_INTERVAL_MS: z.coerce.number({ error: 'must be a number' }).int().min(50).max(60_000).default(250),
  DB_PROBE_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(50).max(60_000).default(1_000),
  REDIS_URL: redisUrl.optional(),
  REDIS_PREFIX: z.string().max(40).default('shop:'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The key bank accounts are sealed with at rest (decision 52): 32 bytes, base64 (`openssl rand
   * -base64 32`). Unset: derived from AUTH_SECRET (or DATA_DIR/auth-secret) with HKDF.
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32,
      'must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  SEED_DEMO_DATA: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' }).default('info'),
  LOGIN_MAX_FAILURES: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(5),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(86_400).default(900),
  /**
   * Accept an authenticator code more than once within its 90 s (decision 27). Off by default: a
   * code works once. Only for a test server whose parallel browser stories sign in as one demo admin.
   */
  TWO_FACTOR_CODE_REUSE: booleanFlag.default(false),
  PUBLIC_FORM_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).default(30),
  BODY_LIMIT_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(100 * 1024),
  TRUST_PROXY: booleanFlag.default(false),
  /** Pages asked for at another host than PUBLIC_URL's are redirected there (off for a proxy that rewrites Host). */
  CANONICAL_REDIRECT: booleanFlag.default(true),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WEB_DIST_DIR: z.string().optional(),
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  CATALOGUE_CACHE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(300, 'must be at most 300').default(30),
  /** The seller centre's dashboard figures are kept this long per vendor (a vendor's own changes show at once). */
  VENDOR_DASHBOARD_CACHE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(60, 'must be at most 60').default(5),
  /** The admin dashboard's figures are kept this long per range (shared through Redis when configured). */
  ADMIN_DASHBOARD_CACHE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(60, 'must be at most 60').default(5),
  /** Unpaid online orders are cancelled after this many minutes and give their stock back. */
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(10_080, 'must be at most 10080 (a week)')
    .default(30),
  /** How often the alert job e-mails the waiting back-in-stock alerts of products back in stock (decision 28). */
  STOCK_ALERT_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600 (an hour)')
    .default(30),
  TEST_GATEWAY_KEY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TEST_GATEWAY_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'must look like rzp_test_… or rzp_live_…')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Who registers e-invoices (decision 76): the built-in test IRP; a real IRP's or GSP's adapter joins the list when written. */
  EINVOICE_PROVIDER: z.enum(['test-irp'], { error: 'must be test-irp' }).default('test-irp'),
  /**
   * Which e-way bill provider generates e-way bills (decision 75): `test`, the built-in test service.
   * A real adapter (NIC's API or a GST Suvidha Provider's) adds its name here with its credentials.
   */
  EWAY_BILL_PROVIDER: z.enum(['test'], { error: 'must be test' }).default('test'),
  /**
   * Who rates, books and labels sellers' parcels (decision 78): `test-courier`, the built-in test courier, or
   * `shiprocket` (then SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD of a Shiprocket API user).
   */
  SHIPPING_PROVIDER: z.enum(['test-courier', 'shiprocket'], { error: 'must be test-courier or shiprocket' }).default('test-courier'),
  SHIPROCKET_EMAIL: z.email('must be an e-mail address').optional(),
  SHIPROCKET_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  /** The pickup address's nickname in the Shiprocket account. */
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1).default('Primary'),
  SHIPROCKET_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://apiv2.shiprocket.in/v1/external'),
  /**
   * The token Shiprocket sends in `x-api-key` with its tracking webhooks (Settings > API > Webhooks in its panel,
   * decision 79); tracking webhooks from Shiprocket are refused until it is set.
   */
  SHIPROCKET_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The test courier's webhook signing secret (decision 79); by default one derived from the auth secret. */
  TEST_COURIER_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * The test courier's tracking page shows its test levers (pick up, deliver, fail an attempt, RTO…) in development;
   * `true` shows them in any environment (the browser stories run a production build).
   */
  TEST_COURIER_LEVERS: booleanFlag.default(false),
});

// Values never echoed in a configuration error: SMTP_URL carries a password; the others are secrets.
const SECRET_KEYS = new Set([
  'AUTH_SECRET',
  'DATA_ENCRYPTION_KEY',
  'SMTP_URL',
  'DATABASE_REPLICA_URL',
  'S3_SECRET_ACCESS_KEY',
  'TEST_GATEWAY_KEY_SECRET',
  'TEST_GATEWAY_WEBHOOK_SECRET',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'SHIPROCKET_PASSWORD',
  'SHIPROCKET_WEBHOOK_TOKEN',
  'TEST_COURIER_WEBHOOK_SECRET',
]);

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  PUBLIC_URL: string;
  /** Where product pictures (masters and resized copies) are kept; default DATA_DIR/media. */
  MEDIA_DIR: string;
  /** Whether the app starts its own PostgreSQL (no DATABASE_URL given). */
  embeddedDatabase: boolean;
  seedDemoData: boolean;
  secureCookies: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once at start. Empty strings count as unset, so a blank line
 * in `.env` does not override a default. A bad value throws ConfigError naming it.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? 'config');
        const raw = cleaned[key];
        // A URL with a password is not echoed back into logs.
        const shown = raw === undefined || SECRET_KEYS.has(key) ? '' : ` (got "${raw}")`;
        return `${key} ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  const razorpayKeys = [env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET, env.RAZORPAY_WEBHOOK_SECRET];
  if (razorpayKeys.some((v) => v !== undefined) && razorpayKeys.some((v) => v === undefined)) {
    throw new ConfigError([
      'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set together (or none, for the test gateway)',
    ]);
  }
  if (env.SHIPPING_PROVIDER === 'shiprocket' && (env.SHIPROCKET_EMAIL === undefined || env.SHIPROCKET_PASSWORD === undefined)) {
    throw new ConfigError(['SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD must be set when SHIPPING_PROVIDER is shiprocket']);
  }
  if ((env.SMTP_URL === undefined) !== (env.MAIL_FROM === undefined)) {
    throw new ConfigError([
      env.SMTP_URL === undefined
        ? 'SMTP_URL must be set when MAIL_FROM is'
        : 'MAIL_FROM must be set when SMTP_URL is (e.g. "Sahyadri Computers <orders@sahyadricomputers.in>")',
    ]);
  }
  if (env.MEDIA_STORAGE === 's3' && env.S3_BUCKET === undefined) {
    throw new ConfigError(['S3_BUCKET must be set when MEDIA_STORAGE is s3']);
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS credential chain)']);
  }
  if (env.DATABASE_REPLICA_URL !== undefined) {
    if (env.DATABASE_URL === undefined) {
      throw new ConfigError(['DATABASE_REPLICA_URL needs DATABASE_URL: the embedded PostgreSQL has no replica (unset it, or set both)']);
    }
    if (env.DATABASE_REPLICA_URL === env.DATABASE_URL) {
      throw new ConfigError(['DATABASE_REPLICA_URL must name the replica, not the primary of DATABASE_URL']);
    }
    if (env.DATABASE_REPLICA_CHECK_MS * 2 > env.DATABASE_REPLICA_MAX_LAG_MS) {
      throw new ConfigError([
        `DATABASE_REPLICA_CHECK_MS must be at most half of DATABASE_REPLICA_MAX_LAG_MS (${env.DATABASE_REPLICA_MAX_LAG_MS}): the replica is only known to be caught up that often`,
      ]);
    }
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const embeddedDatabase = env.DATABASE_URL === undefined;
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    MEDIA_DIR: env.MEDIA_DIR ?? path.join(env.DATA_DIR, 'media'),
    embeddedDatabase,
    seedDemoData: env.SEED_DEMO_DATA ?? embeddedDatabase,
    secureCookies: publicUrl.startsWith('https://'),
  };
}

/**
 * Where the API suite writes the statements the app sends, when `npm run db:release-queries` asks
 * for them (decision 31); unset otherwise. Read outside the config object: test apps build their
 * database client without it.
 */
export function sqlCaptureDir(source: Record<string, string | undefined> = process.env): string | undefined {
  return source.SHOP_SQL_CAPTURE_DIR || undefined;
}

/**
 * Whether this process double-checks what a production one trusts, at some cost to each request
 * (that a statement of one shape always has one text, decision 40): every process but a production
 * one, so the tests and development find a mistake. Read outside the config object: module-level
 * helpers need it.
 */
export function checksItsShortcuts(source: Record<string, string | undefined> = process.env): boolean {
  return source.NODE_ENV !== 'production';
}
