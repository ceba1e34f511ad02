import { z } from 'zod';

/**
 * Error codes the API answers with, and the HTTP status each maps to.
 * The web client relies on these codes, not on status numbers or message text.
 */
export const ERROR_STATUS = {
  /** The request is malformed or a field is invalid; `fields` names the fields. */
  VALIDATION: 400,
  /** The body is not JSON, or not the media type the route takes. */
  BAD_REQUEST: 400,
  /** Not signed in, or the credentials are wrong. */
  UNAUTHENTICATED: 401,
  /** Signed in, but the role or ownership does not allow this. */
  FORBIDDEN: 403,
  /** An admin without two-step sign-in: everything but its set-up is refused until it is on. */
  TWO_FACTOR_SETUP_REQUIRED: 403,
  /** The thing does not exist, or the caller may not know it exists. */
  NOT_FOUND: 404,
  /** The request conflicts with the current state (duplicate e-mail, ...). */
  CONFLICT: 409,
  /** Well formed, but what it asks cannot be done to these things (a merge into itself or across categories). */
  UNPROCESSABLE: 422,
  /** The body is larger than the route accepts. */
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many attempts; `retryAfterSeconds` says when to try again. */
  RATE_LIMITED: 429,
  /** Something broke on our side; the message is generic and the detail is logged. */
  INTERNAL: 500,
  /** A dependency (the database) is down. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string().describe(`What went wrong, for programs to act on: ${Object.keys(ERROR_STATUS).join(', ')}`),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    retryAfterSeconds: z.number().int().optional(),
    requestId: z.string().optional(),
  }),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The exact wording the seed gives for a registration with an e-mail already in use. */
export const EMAIL_IN_USE_MESSAGE = 'This email address is already registered. Please try logging in or use a different email.';

export const INVALID_CREDENTIALS_MESSAGE = 'The e-mail address or password is incorrect.';
