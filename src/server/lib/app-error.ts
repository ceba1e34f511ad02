import { ERROR_STATUS, type ErrorCode } from '~/shared/errors';

interface AppErrorOptions {
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  cause?: unknown;
}

/**
 * The one error type services throw. The error handler turns it into
 * `{ error: { code, message, fields? } }` with the status of its code.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  // Drizzle wraps driver errors; the PostgreSQL error sits in `cause`.
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}
