import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is asking and from where, for what a request writes (the audit log). */
export interface RequestContext {
  /** The request's id (its log lines' reqId): jobs it enqueues carry it, so the worker's lines do too. */
  requestId?: string;
  ip: string | null;
  userAgent: string | null;
  /** Filled in once the session is read. */
  viewer?: { userId: string; role: string; email: string };
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it starts) with this request's context. */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The context of the request (or of the job) being handled, if any (none in scripts). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
