import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What a seller-centre route needs of the signed-in account's vendor, declared beside its access rule
 * (`config: { access: 'vendor', vendor: 'read' }`):
 *  - read: the account's vendor whatever its status (pending, rejected and suspended vendors read their panel)
 *  - sell: an approved vendor, for a route that changes something (a product, an order line, a picture);
 *    the others are refused with a message that says why
 * An account without a vendor record is refused (403) either way.
 */
export type VendorNeed = 'read' | 'sell';

/** How the hook finds the vendor of an account; the vendors module provides it. */
export interface VendorResolver {
  vendorIdOf(userId: string): Promise<string>;
  sellingVendorIdOf(userId: string): Promise<string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    vendor?: VendorNeed;
  }
  interface FastifyRequest {
    /**
     * The signed-in vendor of a route that declares `config.vendor`, found once from the session
     * (never from the request) before the handler runs. Every query of the route filters by it in
     * SQL, so another vendor's row is a 404.
     */
    readonly vendorId: string;
  }
}

/**
 * Gives every route that declares `config.vendor` its vendor: after the access rule and the request's
 * validation (where each handler used to look it up), so answers and their order are as before.
 */
export function registerVendorOfRequest(app: FastifyInstance, vendors: VendorResolver) {
  app.addHook('onRoute', (route) => {
    if (route.config?.vendor && route.config.access !== 'vendor') {
      throw new Error(`Route ${String(route.method)} ${route.url} takes its vendor from the session: it needs access 'vendor'`);
    }
  });

  const found = new WeakMap<FastifyRequest, string>();
  app.decorateRequest('vendorId', {
    getter(this: FastifyRequest): string {
      const vendorId = found.get(this);
      if (vendorId === undefined) {
        throw new Error(`${this.method} ${this.routeOptions.url ?? this.url} reads request.vendorId without declaring config.vendor`);
      }
      return vendorId;
    },
  });

  // A callback: the routes that declare no vendor (nearly all) pass without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const need = request.routeOptions.config?.vendor;
    if (!need) return done();
    request
      .requireViewer()
      .then((viewer) => (need === 'sell' ? vendors.sellingVendorIdOf(viewer.userId) : vendors.vendorIdOf(viewer.userId)))
      .then((vendorId) => {
        found.set(request, vendorId);
        done();
      }, done);
  });
}
