import type { ApiErrorBody } from '~/shared/errors';

/** Every failed call becomes this: the code and message of the API, or a network problem. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// A hand-written check instead of the zod schema keeps zod out of the first page load.
function isErrorBody(data: unknown): data is ApiErrorBody {
  const error = (data as ApiErrorBody | undefined)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string' && typeof error.message === 'string';
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach Sahyadri Computers. Check your internet connection and try again.';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, such as Idempotency-Key. */
  headers?: Record<string, string>;
}

/** Calls our API with the session cookie; resolves with the JSON body or throws ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    if (isErrorBody(data)) {
      const e = data.error;
      throw new ApiError(response.status, e.code, e.message, e.fields ?? {}, e.retryAfterSeconds);
    }
    throw new ApiError(response.status, 'INTERNAL', `The shop answered with an error (${response.status}). Please try again.`);
  }
  return data as T;
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
