import type { ApiErrorBody } from '~/shared/errors';
import { SHOP_UNAVAILABLE_MESSAGE } from '~/shared/unavailable';

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

/** Seconds from a Retry-After header (seconds, or an HTTP date), when there is one. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  return Number.isFinite(seconds) ? Math.max(0, seconds) : undefined;
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach Sahyadri Computers. Check your internet connection and try again.';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, such as Idempotency-Key. */
  headers?: Record<string, string>;
  /** How the browser's HTTP cache is used (the catalogue's reads after a change of this browser's own). */
  cache?: RequestCache | undefined;
}

/** How a request reaches the API: the browser's fetch, or, when the server renders a page, a call into itself. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Sends the API calls of this process through `next` (the server renderer calls the API in-process, so a
 * page's data is read exactly as a browser would read it: the same routes, validation and response cache).
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** Calls our API with the session cookie; resolves with the JSON body or throws ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await transport(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.cache ? { cache: options.cache } : {}),
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
    const retryAfter = retryAfterOf(response);
    if (isErrorBody(data)) {
      const e = data.error;
      throw new ApiError(response.status, e.code, e.message, e.fields ?? {}, e.retryAfterSeconds ?? retryAfter);
    }
    // A proxy in front of the shop answers these when the shop does not (decision 24).
    if ([502, 503, 504].includes(response.status))
      throw new ApiError(response.status, 'UNAVAILABLE', SHOP_UNAVAILABLE_MESSAGE, {}, retryAfter);
    throw new ApiError(response.status, 'INTERNAL', `The shop answered with an error (${response.status}). Please try again.`);
  }
  return data as T;
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
