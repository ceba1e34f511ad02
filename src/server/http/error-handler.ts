import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '~/shared/errors';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  SHOP_BUSY_MESSAGE,
  SHOP_BUSY_RETRY_AFTER_SECONDS,
} from '~/shared/unavailable';
import { isDatabaseBusy, isDatabaseUnavailable, type DatabaseAvailability } from '../db/availability';
import { AppError } from '../lib/app-error';
import { errorPage, wantsPage } from './error-page';

const WHERE: Record<string, string> = { body: 'request body', querystring: 'query string', params: 'URL', headers: 'headers' };

/** Field path ("pickupState", "items.0.quantity") → the first message for it. */
function fieldsOf(validation: FastifySchemaValidationError[]) {
  const fields: Record<string, string> = {};
  for (const v of validation) {
    if (v.keyword === 'unrecognized_keys' && Array.isArray(v.params.keys)) {
      const prefix = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      for (const key of v.params.keys as string[]) fields[prefix ? `${prefix}.${key}` : key] = `"${key}" is not an accepted field`;
      continue;
    }
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    // The first problem of a field is the one to fix first.
    fields[path] ??= v.message ?? 'Invalid value';
  }
  return fields;
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  message: string,
  extra: Partial<ApiErrorBody['error']> = {},
) {
  if (extra.retryAfterSeconds !== undefined) reply.header('retry-after', String(extra.retryAfterSeconds));
  // A person opened an API link in the browser (a packing slip in a tab): a page, not JSON. Callers keep JSON.
  if (wantsPage(request)) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .serializer(String)
      .send(errorPage({ status, message, url: request.url, requestId: request.id }));
  }
  const body: ApiErrorBody = { error: { code, message, ...extra, requestId: request.id } };
  // Error bodies bypass response schemas: they are the same shape on every route.
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

/** Fastify's own 4xx errors, by status, with the code our clients understand. */
const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function deepestMessage(error: unknown): string {
  let e = error;
  for (let depth = 0; depth < 5 && (e as { cause?: unknown })?.cause instanceof Error; depth++) e = (e as { cause: unknown }).cause;
  return e instanceof Error ? e.message : String(e);
}

/**
 * Whether PostgreSQL refused text the caller sent: a NUL character (or bytes that are not UTF-8) in
 * a name, an id or a search (22021 in text, 22P05 in JSON). No text in the shop may hold one, and
 * the request is at fault, not the shop: a 400 the client does not retry, never a 500.
 */
function isRefusedCharacter(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 5 && e; depth++, e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

export const REFUSED_CHARACTER_MESSAGE =
  'The request holds a character no text in the shop may contain (a null character, \\0). Remove it and try again.';

/**
 * Whether a failure comes from the database being away (decision 24): its own errors say so, and
 * so does any other failure while the app's watch finds the database not answering (or found it
 * so since the request began: it may be back by now), because some libraries (better-auth's
 * session lookup) replace the database's error with one of their own.
 */
async function fromOutage(error: unknown, availability: DatabaseAvailability | undefined, since: number): Promise<boolean> {
  if (isDatabaseUnavailable(error)) return true;
  if (!availability) return false;
  if (availability.awaySince(since)) return true;
  // A probe under way may have had its answer just before the database died: this one starts after the failure.
  return !(await availability.probe(performance.now()));
}

/**
 * One place that turns every thrown error into the API's error shape. Details of 5xx
 * errors are logged with the request id and never sent to the client.
 *
 * `availability`: the app's watch over the database, when it keeps one (decision 24).
 */
export function registerErrorHandler(app: FastifyInstance, options: { availability?: DatabaseAvailability } = {}) {
  /** When each request began, to ask the watch whether the database was away since (performance.now()). */
  const began = new WeakMap<FastifyRequest, number>();
  if (options.availability) {
    app.addHook('onRequest', (request, _reply, done) => {
      began.set(request, performance.now());
      done();
    });
  }
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return send(reply, request, error.statusCode, error.code, error.message, {
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation);
      const where = WHERE[error.validationContext ?? 'body'] ?? 'request';
      return send(reply, request, 400, 'VALIDATION', `Some fields in the ${where} are not valid.`, { fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(reply, request, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST';
      const message =
        code === 'PAYLOAD_TOO_LARGE'
          ? 'The request body is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'The request body is not valid JSON.'
            : error.message;
      return send(reply, request, status, code, message);
    }
    if (isRefusedCharacter(error)) return send(reply, request, 400, 'BAD_REQUEST', REFUSED_CHARACTER_MESSAGE);
    // Every connection stayed busy (decision 39): the database answers, the shop is overloaded for a moment.
    if (isDatabaseBusy(error)) {
      request.log.warn({ cause: deepestMessage(error) }, 'answered 503: no database connection came free');
      return send(reply, request, 503, 'UNAVAILABLE', SHOP_BUSY_MESSAGE, { retryAfterSeconds: SHOP_BUSY_RETRY_AFTER_SECONDS });
    }
    // The database is away, frozen or too slow (decision 24): a clear 503 the client may retry, never a 500.
    if (await fromOutage(error, options.availability, began.get(request) ?? performance.now())) {
      // One short line per request: the outage itself is logged once, by the watch (main.ts).
      request.log.warn({ cause: deepestMessage(error) }, 'answered 503: the database is not answering');
      return send(reply, request, 503, 'UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, request, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
}
