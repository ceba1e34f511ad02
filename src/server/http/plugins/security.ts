import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import { AppError } from '../../lib/app-error';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Posted by the payment provider, not by our pages: Razorpay Checkout posts the callback form from
 * its own origin, webhooks come from its servers. They carry no session; HMAC signatures prove them.
 */
const SIGNED_BY_PROVIDER = '/api/payments/';
/** Razorpay Checkout's script and frames, allowed only when Razorpay is the provider. */
const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com';
const RAZORPAY_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];

/**
 * Browser features no page of the shop uses, denied to it and to every frame in it (decision 57): the
 * return photos come from a file input, not the camera; the invoice prints with window.print(); the
 * two-step recovery codes and the jobs' ids are copied with the clipboard (so clipboard-write stays
 * with the shop itself; so does clipboard-read, which asks the person first anyway, and with which the
 * browser stories read what was copied). Only names Chromium knows are listed: an unknown one is a console warning.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'captured-surface-control',
  'compute-pressure',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'identity-credentials-get',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'picture-in-picture',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'speaker-selection',
  'storage-access',
  'usb',
  'window-management',
  'xr-spatial-tracking',
];

/**
 * The Permissions-Policy header: everything above denied, the clipboard kept for the shop's own
 * pages, and payment (the Payment Request API) given only to Razorpay Checkout's frames when Razorpay is
 * the provider; the built-in test gateway's page is a plain form and needs none.
 */
export function permissionsPolicy(config: Pick<Config, 'RAZORPAY_KEY_ID'>): string {
  const payment = config.RAZORPAY_KEY_ID ? `(self ${RAZORPAY_FRAMES.map((origin) => `"${origin}"`).join(' ')})` : '()';
  return [
    ...DENIED_FEATURES.map((feature) => `${feature}=()`),
    'clipboard-read=(self)',
    'clipboard-write=(self)',
    `payment=${payment}`,
  ].join(', ');
}

/**
 * Security headers (a CSP with no inline scripts) and a same-origin check for writes:
 * session cookies are SameSite=Lax, and a write whose Origin is another site is refused.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  // Built once: the headers' values are computed here, not on every request (the Fastify wrapper
  // built the middleware, and so parsed the policy, per request: 4% of a product read's time).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.RAZORPAY_KEY_ID ? [RAZORPAY_SCRIPT] : [])],
        ...(config.RAZORPAY_KEY_ID ? { frameSrc: RAZORPAY_FRAMES } : {}),
        scriptSrcAttr: ["'none'"],
        // React and Radix set style attributes; no script can run from a style.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // No page of the shop is framed, not even by the shop (the e-mails in the development mailbox are
    // srcdoc frames, which carry no headers): the same answer as the CSP's frame-ancestors 'none'.
    xFrameOptions: { action: 'deny' },
  });
  const permissions = permissionsPolicy(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', permissions);
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  // A callback, not an async function: every request passes here, and nothing here waits.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.url.startsWith(SIGNED_BY_PROVIDER))
      return done();
    const origin = request.headers.origin;
    if (origin) {
      const sameHost = (() => {
        try {
          return new URL(origin).host === request.headers.host;
        } catch {
          return false;
        }
      })();
      if (origin !== publicOrigin && !sameHost) return done(new AppError('FORBIDDEN', 'Requests from other sites are not accepted.'));
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      return done(new AppError('FORBIDDEN', 'Requests from other sites are not accepted.'));
    }
    done();
  });
}
