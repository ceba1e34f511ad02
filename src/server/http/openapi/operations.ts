import type { Access } from '../access';

/** An operation of the document, as @fastify/swagger writes it (the parts read or written here). */
export interface Operation {
  operationId?: string;
  'x-access'?: Access;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  [key: string]: unknown;
}
export type PathItem = Record<string, Operation>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The security scheme every operation that needs a session names. */
export const SESSION_SCHEME = 'sessionCookie';

const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
/** Posted by the payment provider, signed with HMAC instead of carrying an Origin (security.ts). */
const SIGNED_BY_PROVIDER = '/api/payments/';

/**
 * `get /api/catalogue/products/{id}/reviews` → `getCatalogueProductsByIdReviews`: stable while the
 * route's method and path are, readable as a generated function's name. `/api` is left out (nearly
 * every path has it); a path parameter reads as `By<Name>`.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', ...wordsOf(param[1]!)] : wordsOf(segment);
    });
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** `two-factor` → two, factor; `imageId` → image, Id; `sitemap.xml` → sitemap, xml. */
function wordsOf(segment: string): string[] {
  return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

/**
 * The shop's error answers, one response component per status, all of the one error shape
 * (`ApiError`: `{ error: { code, message, fields?, retryAfterSeconds?, requestId? } }`).
 */
const ERROR_RESPONSES: Record<string, { name: string; description: string; example: unknown; retryAfter?: boolean }> = {
  '400': {
    name: 'BadRequest',
    description:
      'VALIDATION: a field of the body, query or path is not valid; `fields` maps each one (`items.0.quantity`) to what to fix. ' +
      'BAD_REQUEST: the body is not JSON, or holds a character no text may contain.',
    example: {
      error: {
        code: 'VALIDATION',
        message: 'Some fields in the request body are not valid.',
        fields: { pinCode: 'PIN code must be 6 digits and cannot start with 0' },
        requestId: '3f2c9a1e-6b7d-4e1a-9c55-2f0e8b7a1d42',
      },
    },
  },
  '401': {
    name: 'Unauthenticated',
    description: 'UNAUTHENTICATED: no session (sign in first), or the e-mail address or password is wrong.',
    example: { error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } },
  },
  '403': {
    name: 'Forbidden',
    description:
      'FORBIDDEN: the account’s role or ownership does not allow this, or a write came from another site. ' +
      'TWO_FACTOR_SETUP_REQUIRED: an admin without two-step sign-in.',
    example: { error: { code: 'FORBIDDEN', message: 'This needs an admin account.' } },
  },
  '404': {
    name: 'NotFound',
    description: 'NOT_FOUND: there is no such thing, or the caller may not know that it exists.',
    example: { error: { code: 'NOT_FOUND', message: 'There is no such order.' } },
  },
  '409': {
    name: 'Conflict',
    description: 'CONFLICT (or OUT_OF_STOCK and the like): the request conflicts with the current state.',
    example: { error: { code: 'CONFLICT', message: 'This email address is already registered.' } },
  },
  '422': {
    name: 'Unprocessable',
    description:
      'UNPROCESSABLE: well formed, but what it asks cannot be done to these things (a product merged into itself or across categories).',
    example: { error: { code: 'UNPROCESSABLE', message: 'A product cannot be merged into itself.' } },
  },
  '413': {
    name: 'PayloadTooLarge',
    description: 'PAYLOAD_TOO_LARGE: the body is larger than the route accepts.',
    example: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' } },
  },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'UNSUPPORTED_MEDIA_TYPE: the body is not of the media type the route takes (JSON, unless it says otherwise).',
    example: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Media Type: text/plain' } },
  },
  '429': {
    name: 'RateLimited',
    description: 'RATE_LIMITED: too many attempts; `retryAfterSeconds` and the Retry-After header say when to try again.',
    example: { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 15 minutes.', retryAfterSeconds: 900 } },
    retryAfter: true,
  },
  '503': {
    name: 'Unavailable',
    description: 'UNAVAILABLE: the database is not answering or the shop is busy for a moment; retry after Retry-After seconds.',
    example: { error: { code: 'UNAVAILABLE', message: 'The shop is not answering just now.', retryAfterSeconds: 5 } },
    retryAfter: true,
  },
  default: {
    name: 'Error',
    description: 'Any other failure: INTERNAL (500, a generic message; the detail is logged under `requestId`) or UNAVAILABLE (503).',
    example: { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } },
  },
};

const responseRef = (status: string) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` });

/** The `components.responses` the operations refer to. */
export function errorResponseComponents(): Record<string, unknown> {
  return Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description, example, retryAfter }) => [
      name,
      {
        description,
        ...(retryAfter
          ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } } }
          : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' }, example } },
      },
    ]),
  );
}

/**
 * The error answers an operation can give, from what the shop does to every route: an input that
 * does not parse is a 400, an access rule other than `public` is a 401 without a session and (for a
 * role) a 403 for another role, a write under /api from another site is a 403, a path with an id is
 * a 404 for an id that is not there, a body can be too large or not JSON. The statuses a route
 * declares itself (409, 429, 503) are kept.
 */
function errorStatusesOf(method: string, path: string, operation: Operation): Set<string> {
  const statuses = new Set(Object.keys(operation.responses ?? {}).filter((s) => /^[45]/.test(s)));
  const access = operation['x-access'];
  const hasBody = operation.requestBody !== undefined;
  if (hasBody || (operation.parameters?.length ?? 0) > 0) statuses.add('400');
  if (access && access !== 'public') statuses.add('401');
  if (access === 'customer' || access === 'vendor' || access === 'admin') statuses.add('403');
  if (UNSAFE_METHODS.has(method) && path.startsWith('/api/') && !path.startsWith(SIGNED_BY_PROVIDER)) statuses.add('403');
  if (path.includes('{')) statuses.add('404');
  if (hasBody) {
    statuses.add('413');
    statuses.add('415');
  }
  return statuses;
}

/**
 * A route that sends a file declares its answer as `z.any().describe('text/csv')`, which reads as
 * JSON of any shape: the document says what it is, the file's media type.
 */
function fileAnswer(response: unknown): unknown {
  const content = (response as { content?: Record<string, { schema?: Record<string, unknown> }> }).content;
  const schema = content?.['application/json']?.schema;
  const mediaType = schema?.['description'];
  if (Object.keys(content ?? {}).length !== 1 || Object.keys(schema ?? {}).length !== 1) return undefined;
  if (typeof mediaType !== 'string' || !/^[a-z]+\/[\w.+-]+$/.test(mediaType)) return undefined;
  return { description: `The file (${mediaType})`, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } };
}

/**
 * Completes each operation of the document for client generators, from what its route declares
 * (its access rule travels as `x-access`): an `operationId` unless the route gives one, `security`
 * (`[]` for a public route, the session cookie otherwise), and its error answers as references to
 * the shared response components. Throws when two operations would share an operationId.
 */
export function describeOperations(paths: Record<string, PathItem>): void {
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const operationId = (operation.operationId ??= operationIdOf(method, path));
      const other = seen.get(operationId);
      if (other) throw new Error(`${method.toUpperCase()} ${path} and ${other} would share the operationId ${operationId}`);
      seen.set(operationId, `${method.toUpperCase()} ${path}`);

      const access = operation['x-access'];
      operation.security = !access || access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }];

      const responses: Record<string, unknown> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!/^[45]/.test(status)) responses[status] = fileAnswer(response) ?? response;
      }
      const statuses = [...errorStatusesOf(method, path, operation)].sort();
      for (const status of statuses) {
        responses[status] = ERROR_RESPONSES[status] ? responseRef(status) : (operation.responses?.[status] ?? responseRef('default'));
      }
      responses['default'] = responseRef('default');
      operation.responses = responses;
    }
  }
}
