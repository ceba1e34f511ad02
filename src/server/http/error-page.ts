import type { FastifyRequest } from 'fastify';
import { paths } from '~/shared/paths';

/**
 * Whether a failed request was a person opening an API link in the browser (a packing slip, an
 * invoice, a statement the pages open in a tab or download): a navigation asks for HTML and not
 * JSON. The app's own calls send `Accept: application/json`, and other clients `*\/*` or nothing,
 * so they keep the JSON error.
 */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return /\btext\/html\b/i.test(accept) && !/\bapplication\/json\b/i.test(accept);
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The part of the shop a link belongs to: where its sign-in is and where a person goes back to. */
function areaOf(url: string): { back: string; backLabel: string; signIn: string } {
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/api/vendor/orders')) return { back: paths.vendor.orders, backLabel: 'Your orders', signIn: paths.vendor.login };
  if (path.startsWith('/api/vendor/')) return { back: paths.vendor.dashboard, backLabel: 'The seller centre', signIn: paths.vendor.login };
  if (path.startsWith('/api/admin/')) return { back: paths.admin.dashboard, backLabel: 'The admin console', signIn: paths.admin.login };
  if (path.startsWith('/api/orders/')) return { back: paths.orders, backLabel: 'Your orders', signIn: paths.login };
  return { back: paths.home, backLabel: 'The shop’s home page', signIn: paths.login };
}

function titleOf(status: number): string {
  if (status === 404) return 'Not found';
  if (status === 401) return 'Please sign in';
  if (status === 403) return 'Not open to this account';
  if (status === 409) return 'Not available yet';
  if (status === 503) return 'The shop is busy for a moment';
  if (status >= 500) return 'Something went wrong';
  return 'This could not be opened';
}

/**
 * The page a person sees for an API link that failed: what went wrong in the API's own words, and
 * the way back (or to sign in). Self-contained, with no script: the CSP allows inline styles only.
 */
export function errorPage(input: { status: number; message: string; url: string; requestId: string }): string {
  const { status, message, url, requestId } = input;
  const area = areaOf(url);
  const title = titleOf(status);
  const links =
    status === 401
      ? `<a class="button" href="${area.signIn}">Sign in</a> <a href="${area.back}">${escape(area.backLabel)}</a>`
      : `<a class="button" href="${area.back}">${escape(area.backLabel)}</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · Sahyadri Computers</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:36rem;margin:4rem auto;padding:0 1.25rem;text-align:center}
h1{font-size:1.75rem;margin:0 0 .75rem}
p{color:#334155;line-height:1.5}
a{color:#0f4c5c}
.button{display:inline-block;margin:1rem .5rem 0;padding:.6rem 1.1rem;border-radius:.375rem;background:#0f4c5c;color:#fff;font-weight:600;text-decoration:none;white-space:nowrap}
.ref{font-size:.8rem;color:#475569}
</style>
</head>
<body>
<main>
<p><a href="${paths.home}">Sahyadri Computers</a></p>
<h1>${escape(title)}</h1>
<p>${escape(message)}</p>
<p>${links}</p>
${status >= 500 ? `<p class="ref">Reference: ${escape(requestId)}</p>` : ''}
</main>
</body>
</html>
`;
}
