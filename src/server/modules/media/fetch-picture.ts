import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Fetching a picture from an address a seller typed (a CSV's `picture_urls`, decision 61). The shop
 * would otherwise fetch whatever a stranger names, its own private network included (SSRF), so:
 * only http and https; the connection refused, after the name is resolved and again at every
 * redirect, when the address is private, loopback, link-local, CGNAT, multicast, unspecified or
 * reserved (request-filtering-agent checks the address it connects to, so a name that resolves
 * elsewhere the second time cannot slip past); only ports 80 and 443; at most 3 redirects; 15 s in
 * all; the body read up to 10 MB and the connection cut past it; status 200 only. What the body is
 * is decided by decoding it (`storeOriginal`), never by its content type. `allowPrivate`
 * and `allowAnyPort` (both PICTURE_FETCH_ALLOW_PRIVATE) let tests and a developer fetch from 127.0.0.1 on any port.
 */

export const PICTURE_FETCH_RULES = {
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 3,
  ports: ['', '80', '443'] as readonly string[],
} as const;

/** Why an address gave no picture, in the words the seller reads. */
export const PICTURE_FETCH_REASONS = {
  notWeb: 'This is not an http or https web address',
  unreachable: 'The address could not be reached',
  timeout: 'The address did not answer within 15 seconds',
  status: (status: number) => `The address answered ${status}`,
  tooLarge: 'The picture is larger than 10 MB',
  private: 'Addresses inside a private network are not fetched',
  port: 'Only addresses on the usual web ports (80 and 443) are fetched',
  redirects: 'The address sent us on more than 3 redirects',
} as const;

/** A picture that could not be fetched: `reason` is for the seller; the cause, if any, for the log. */
export class PictureFetchError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'PictureFetchError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** request-filtering-agent's refusal ("DNS lookup 10.0.0.1(…) is not allowed. Because, It is private IP address."). */
const REFUSED_ADDRESS = /is not allowed\. Because/;

export interface PictureFetcherOptions {
  /** Private, loopback and reserved addresses too (PICTURE_FETCH_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Any port, not only 80 and 443 (PICTURE_FETCH_ALLOW_PRIVATE too). */
  allowAnyPort: boolean;
  /** Addresses let through although private (a test's server on 127.0.0.1 that redirects elsewhere). */
  allowAddresses?: string[];
  /** Tests shorten it; the shop uses PICTURE_FETCH_RULES. */
  timeoutMs?: number;
}

export type FetchPicture = (address: string) => Promise<Buffer>;

export function createPictureFetcher(options: PictureFetcherOptions): FetchPicture {
  const { allowPrivate, allowAnyPort } = options;
  const timeoutMs = options.timeoutMs ?? PICTURE_FETCH_RULES.timeoutMs;
  const { maxBytes } = PICTURE_FETCH_RULES;
  // No keep-alive: each address is its own connection, checked when it is made.
  const filter = {
    allowPrivateIPAddress: allowPrivate,
    allowMetaIPAddress: false,
    allowIPAddressList: options.allowAddresses ?? [],
    keepAlive: false,
  };
  const agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };

  function checked(address: string | URL, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(address, base);
    } catch {
      throw new PictureFetchError(PICTURE_FETCH_REASONS.notWeb);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PictureFetchError(PICTURE_FETCH_REASONS.notWeb);
    if (!allowAnyPort && !PICTURE_FETCH_RULES.ports.includes(url.port)) throw new PictureFetchError(PICTURE_FETCH_REASONS.port);
    return url;
  }

  function failure(error: unknown, signal: AbortSignal): PictureFetchError {
    if (error instanceof PictureFetchError) return error;
    if (signal.aborted) return new PictureFetchError(PICTURE_FETCH_REASONS.timeout, { cause: error });
    const message = error instanceof Error ? error.message : String(error);
    if (REFUSED_ADDRESS.test(message)) return new PictureFetchError(PICTURE_FETCH_REASONS.private, { cause: error });
    return new PictureFetchError(PICTURE_FETCH_REASONS.unreachable, { cause: error });
  }

  function get(url: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
    const send = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const request = send(url, {
        method: 'GET',
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        signal,
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8', 'user-agent': 'SahyadriComputers-PictureFetch/1.0' },
      });
      request.on('response', resolve);
      request.on('error', reject);
      request.end();
    });
  }

  function readBody(response: http.IncomingMessage, signal: AbortSignal): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      return Promise.reject(new PictureFetchError(PICTURE_FETCH_REASONS.tooLarge));
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      // Rejected first: destroying the response emits its own 'aborted' at once.
      const stop = (error: PictureFetchError) => {
        reject(error);
        response.destroy();
      };
      signal.addEventListener('abort', () => stop(new PictureFetchError(PICTURE_FETCH_REASONS.timeout)), { once: true });
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        // Past the limit the connection is cut: the rest is never read.
        if (bytes > maxBytes) stop(new PictureFetchError(PICTURE_FETCH_REASONS.tooLarge));
        else chunks.push(chunk);
      });
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', (error) => reject(failure(error, signal)));
      response.on('aborted', () => reject(failure(new Error('the connection closed before the picture was sent'), signal)));
    });
  }

  return async function fetchPicture(address: string): Promise<Buffer> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url = checked(address);
    try {
      for (let redirects = 0; ; redirects += 1) {
        const response = await get(url, signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECTS.has(status) && location) {
          response.destroy();
          if (redirects >= PICTURE_FETCH_RULES.maxRedirects) throw new PictureFetchError(PICTURE_FETCH_REASONS.redirects);
          url = checked(location, url);
          continue;
        }
        if (status !== 200) {
          response.destroy();
          throw new PictureFetchError(PICTURE_FETCH_REASONS.status(status));
        }
        return await readBody(response, signal);
      }
    } catch (error) {
      throw failure(error, signal);
    }
  };
}
