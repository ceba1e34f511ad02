import type { Config } from './config/env';
import type { DatabaseHandle } from './db/client';
import { createMemoryStore, createRedisStore, type KeyValueStore } from './lib/kv-store';
import { RateLimiter } from './lib/rate-limiter';
import { createAdminService } from './modules/admin/admin.service';
import { createAuthService } from './modules/auth/auth.service';
import { createAuth } from './modules/auth/better-auth';
import { createContactService } from './modules/contact/contact.service';
import { createVendorsService } from './modules/vendors/vendors.service';

/** Every service of the app, wired once per process (or per test app). */
export function createServices(options: { config: Config; database: DatabaseHandle; authSecret: string }) {
  const { config, database } = options;
  const { db } = database;
  const store: KeyValueStore = config.REDIS_URL ? createRedisStore(config.REDIS_URL, config.REDIS_PREFIX) : createMemoryStore();
  const auth = createAuth({ config, db, secret: options.authSecret, store: config.REDIS_URL ? store : undefined });
  const authService = createAuthService({ db, auth, limiter: new RateLimiter(store), config });
  const vendorsService = createVendorsService({ db, authService });
  return {
    config,
    database,
    store,
    cacheKind: (config.REDIS_URL ? 'redis' : 'memory') as 'redis' | 'memory',
    authService,
    vendorsService,
    contactService: createContactService({ db, authService }),
    adminService: createAdminService({ db }),
    close: () => store.close(),
  };
}

export type Services = ReturnType<typeof createServices>;
