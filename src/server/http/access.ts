import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRole } from '~/shared/constants';
import type { RequestMeta, Viewer, ViewerResolver } from '../lib/viewer';
import { AppError } from '../lib/app-error';
import { currentRequest, runWithRequestContext } from '../lib/request-context';

/**
 * Who may call a route. Every `/api` route declares one in `config.access`; the app
 * refuses to start if one does not.
 *  - public: anyone
 *  - signed-in: any account
 *  - customer / vendor / admin: that role only
 */
export type Access = 'public' | 'signed-in' | UserRole;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in account, resolved from the session cookie once per request. */
    viewer(): Promise<Viewer | null>;
    /** The viewer of a route whose access rule guarantees one. */
    requireViewer(): Promise<Viewer>;
    meta(): RequestMeta;
  }
}

const UNDECLARED_EXEMPT = ['/api/docs'];

export function registerAccessControl(app: FastifyInstance, resolveViewer: ViewerResolver) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || UNDECLARED_EXEMPT.some((p) => route.url.startsWith(p))) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare who may call it (config.access)`);
    }
  });

  // Who asks and from where, for everything the request writes (the audit log reads it).
  app.addHook('onRequest', (request, _reply, done) => {
    const userAgent = request.headers['user-agent'];
    runWithRequestContext(
      { requestId: request.id, ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null },
      done,
    );
  });

  const viewerCache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
    let pending = viewerCache.get(this);
    if (!pending) {
      pending = resolveViewer(fromNodeHeaders(this.headers)).then((found) => {
        const context = currentRequest();
        if (context && found) context.viewer = { userId: found.userId, role: found.role, email: found.email };
        return found;
      });
      viewerCache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('requireViewer', async function requireViewer(this: FastifyRequest) {
    const viewer = await this.viewer();
    if (!viewer) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return viewer;
  });
  app.decorateRequest('meta', function meta(this: FastifyRequest) {
    const headers = fromNodeHeaders(this.headers);
    // better-auth records a session's address from this header: give it the address Fastify trusts
    // (TRUST_PROXY), never one a client typed (decision 26: the sessions list shows it).
    headers.set('x-forwarded-for', this.ip);
    return { headers, ip: this.ip };
  });

  async function checkAccess(request: FastifyRequest, access: string) {
    const viewer = await request.requireViewer();
    if (access !== 'signed-in' && viewer.role !== access) {
      throw new AppError('FORBIDDEN', `This needs a${access === 'admin' ? 'n' : ''} ${access} account.`);
    }
    // Two-step sign-in is required of admins (decision 27): until it is on, no admin route answers
    // (the admin API, the development mailbox), only its set-up under /api/auth.
    if (access === 'admin' && viewer.twoFactorEnabled !== true) {
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', 'Set up two-step sign-in first: it is required for admin accounts.');
    }
  }
  // A callback: a public route (most requests) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return done();
    checkAccess(request, access).then(() => done(), done);
  });
}
