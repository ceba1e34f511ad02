import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPictureFetcher, PICTURE_FETCH_REASONS, PICTURE_FETCH_RULES } from './fetch-picture';

/**
 * The fetcher of picture addresses against a real HTTP server on 127.0.0.1 (decision 61). Every
 * address a test names is on the loopback: a refused one is refused before any connection.
 */
let server: http.Server;
let base: string;
let port: number;
/** Paths the server was asked for, in order. */
const asked: string[] = [];
/** Bytes the server had written of the endless picture when its client went away. */
let endlessSent = 0;
let endlessClosed: Promise<void>;

const PICTURE = Buffer.from('not decoded here: the media service decides what it is');

beforeAll(async () => {
  let closed: () => void = () => undefined;
  endlessClosed = new Promise((resolve) => (closed = resolve));
  server = http.createServer((req, res) => {
    asked.push(req.url!);
    const [, route, arg] = req.url!.split('/');
    if (route === 'picture') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(PICTURE);
    else if (route === 'missing') res.writeHead(404).end('no such picture');
    else if (route === 'to') res.writeHead(302, { location: decodeURIComponent(arg!) }).end();
    else if (route === 'hop') {
      const left = Number(arg);
      res.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/picture' }).end();
    } else if (route === 'declared-huge') res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).end();
    else if (route === 'endless') {
      // No length: 64 KB at a time until the client cuts the connection (or far past the limit).
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const write = () => {
        while (endlessSent < 40 * 1024 * 1024 && !res.destroyed) {
          endlessSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      res.on('close', closed);
      write();
    } else if (route === 'silent') {
      // Never answers.
    } else res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const open = createPictureFetcher({ allowPrivate: true, allowAnyPort: true, timeoutMs: 2_000 });
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (error: Error & { reason?: string }) => error.reason ?? `not a PictureFetchError: ${error.message}`,
  );

describe('fetching a picture from an address a seller typed (decision 61)', () => {
  it('fetches the body of a 200, following a redirect', async () => {
    expect(await open(`${base}/picture`)).toEqual(PICTURE);
    expect(await open(`${base}/hop/2`)).toEqual(PICTURE);
  });

  it('refuses a private address when private addresses are not allowed, without connecting, by number and by name', async () => {
    const shop = createPictureFetcher({ allowPrivate: false, allowAnyPort: true });
    const before = asked.length;
    expect(await reasonOf(shop(`${base}/picture`))).toBe(PICTURE_FETCH_REASONS.private);
    expect(await reasonOf(shop(`http://localhost:${port}/picture`))).toBe(PICTURE_FETCH_REASONS.private);
    expect(await reasonOf(shop(`http://[::1]:${port}/picture`))).toBe(PICTURE_FETCH_REASONS.private);
    expect(await reasonOf(shop(`http://[::ffff:127.0.0.1]:${port}/picture`))).toBe(PICTURE_FETCH_REASONS.private);
    expect(asked.length).toBe(before);
  });

  it('refuses a redirect to a private address, checked again when the redirect is followed', async () => {
    // 127.0.0.1 is let through; the redirect goes to other loopback addresses, which are not.
    const shop = createPictureFetcher({ allowPrivate: false, allowAnyPort: true, allowAddresses: ['127.0.0.1'] });
    expect(await shop(`${base}/picture`)).toEqual(PICTURE);
    for (const target of [`http://127.0.0.2:${port}/picture`, `http://[::1]:${port}/picture`]) {
      const before = asked.length;
      expect(await reasonOf(shop(`${base}/to/${encodeURIComponent(target)}`))).toBe(PICTURE_FETCH_REASONS.private);
      expect(asked.slice(before)).toEqual([`/to/${encodeURIComponent(target)}`]);
    }
  });

  it('cuts a body past 10 MB: one that says so at once, one that streams without a length once 10 MB have come', async () => {
    expect(await reasonOf(open(`${base}/declared-huge`))).toBe(PICTURE_FETCH_REASONS.tooLarge);
    expect(await reasonOf(open(`${base}/endless`))).toBe(PICTURE_FETCH_REASONS.tooLarge);
    await endlessClosed;
    // The server stopped soon after the limit, far from the 40 MB it would have sent (the socket's buffers hold a few MB).
    expect(endlessSent).toBeGreaterThan(PICTURE_FETCH_RULES.maxBytes);
    expect(endlessSent).toBeLessThan(PICTURE_FETCH_RULES.maxBytes + 16 * 1024 * 1024);
  });

  it('refuses an answer other than 200, more than 3 redirects, and an address that does not answer in time', async () => {
    expect(await reasonOf(open(`${base}/missing`))).toBe('The address answered 404');
    expect(await reasonOf(open(`${base}/oops`))).toBe('The address answered 500');
    expect(await reasonOf(open(`${base}/hop/3`))).toBe(PICTURE_FETCH_REASONS.redirects);
    const quick = createPictureFetcher({ allowPrivate: true, allowAnyPort: true, timeoutMs: 300 });
    expect(await reasonOf(quick(`${base}/silent`))).toBe(PICTURE_FETCH_REASONS.timeout);
  });

  it('refuses what is not an http or https address, another port than 80 or 443, and a server that is not there', async () => {
    const shop = createPictureFetcher({ allowPrivate: false, allowAnyPort: false });
    expect(await reasonOf(shop('ftp://example.com/a.jpg'))).toBe(PICTURE_FETCH_REASONS.notWeb);
    expect(await reasonOf(shop('file:///etc/passwd'))).toBe(PICTURE_FETCH_REASONS.notWeb);
    expect(await reasonOf(shop('not an address'))).toBe(PICTURE_FETCH_REASONS.notWeb);
    expect(await reasonOf(shop(`http://example.com:${port}/a.jpg`))).toBe(PICTURE_FETCH_REASONS.port);
    expect(await reasonOf(open(`${base}/to/${encodeURIComponent('ftp://example.com/a.jpg')}`))).toBe(PICTURE_FETCH_REASONS.notWeb);
    // A port nothing listens on (the server's own, once closed).
    const gone = http.createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const gonePort = (gone.address() as AddressInfo).port;
    await new Promise((resolve) => gone.close(resolve));
    expect(await reasonOf(open(`http://127.0.0.1:${gonePort}/picture`))).toBe(PICTURE_FETCH_REASONS.unreachable);
  });
});
