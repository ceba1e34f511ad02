import { AppError } from '../../../lib/app-error';

/**
 * The shop's page the browser goes back to. Only the shop's own origin (a path, or an absolute URL
 * on PUBLIC_URL) is accepted, so the gateway is no open redirect.
 */
export function checkReturnUrl(raw: string | undefined, publicUrl: string): URL {
  const refuse = () =>
    new AppError('VALIDATION', 'The return address must be a page of this shop.', {
      fields: { return_url: 'must be a page of this shop' },
    });
  if (!raw || raw.length > 2000 || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) throw refuse();
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw refuse();
  }
  const relative = raw.startsWith('/') && !raw.startsWith('//');
  if (url.origin !== base.origin || (!relative && !raw.startsWith(`${base.origin}/`) && raw !== base.origin)) throw refuse();
  return url;
}

/** The return URL with the callback's parameters; relative when it was given relative. */
export function returnLocation(raw: string, publicUrl: string, params: Record<string, string>): string {
  const url = checkReturnUrl(raw, publicUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return raw.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
