import { TRACKING_STATUS_LABELS, type ParcelTracking } from '~/shared/schemas/shipping';
import { TEST_COURIER_LEVERS } from './test-courier';

export const TRACKING_STYLESHEET_PATH = '/test-courier/assets/tracking.css';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (value: string | number) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const when = (iso: string | Date) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<link rel="stylesheet" href="${TRACKING_STYLESHEET_PATH}">
</head>
<body>
<main class="courier">
<p class="badge">Test courier · no parcel really moves</p>
${body}
</main>
</body>
</html>`;
}

/** The test courier's public tracking page of an AWB: its status and events, and its test levers when they are on. */
export function renderTrackingPage(parcel: ParcelTracking, options: { levers: boolean; notice?: string }): string {
  const events = [...parcel.events].reverse();
  const timeline =
    events.length === 0
      ? '<p>No scans yet: the parcel is waiting for its pickup.</p>'
      : `<ol class="events">${events
          .map(
            (e) => `<li><strong>${esc(TRACKING_STATUS_LABELS[e.status])}</strong> <time datetime="${esc(e.at)}">${esc(when(e.at))}</time>
<span>${esc(e.detail)}${e.location ? ` · ${esc(e.location)}` : ''}</span></li>`,
          )
          .join('\n')}</ol>`;
  const levers = options.levers
    ? `<section aria-labelledby="levers-heading" class="levers">
<h2 id="levers-heading">Test levers</h2>
<p>Each sends the shop a signed tracking webhook for this AWB, as a courier would.</p>
<div class="buttons">${Object.entries(TEST_COURIER_LEVERS)
        .map(
          ([key, lever]) =>
            `<form method="post" action="/test-courier/track/${esc(encodeURIComponent(parcel.awb))}/${key}"><button type="submit">${esc(lever.label)}</button></form>`,
        )
        .join('')}</div>
</section>`
    : '';
  return page(
    `Tracking ${parcel.awb}`,
    `<h1>${esc(parcel.courierName)}</h1>
<p class="awb">AWB <code>${esc(parcel.awb)}</code></p>
${options.notice ? `<p class="notice" role="status">${esc(options.notice)}</p>` : ''}
<p class="status">Status: <strong>${esc(TRACKING_STATUS_LABELS[parcel.status])}</strong></p>
<h2>Scans</h2>
${timeline}
${levers}`,
  );
}

export function renderNotFoundPage(awb: string): string {
  return page('No such parcel', `<h1>No such parcel</h1><p>The test courier has no parcel with AWB <code>${esc(awb)}</code>.</p>`);
}

export const TRACKING_CSS = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
.courier{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:.25rem .75rem;font-size:.875rem;font-weight:600}
h1{font-size:1.5rem;margin:.75rem 0 .25rem}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.awb code{font-size:1rem}.status{font-size:1.125rem}
.notice{background:#dcfce7;color:#14532d;border-radius:.5rem;padding:.5rem .75rem}
.events{list-style:none;margin:0;padding:0;border-left:3px solid #1d4ed8}
.events li{position:relative;margin:0 0 1rem;padding-left:1rem;display:flex;flex-direction:column;gap:.125rem}
.events time{color:#334155;font-size:.875rem}.events span{color:#334155}
.levers{background:#fff;border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem;margin-top:1.5rem}
.buttons{display:flex;flex-wrap:wrap;gap:.5rem}
button{font:inherit;background:#1d4ed8;color:#fff;border:0;border-radius:.5rem;padding:.5rem .875rem;min-height:44px;cursor:pointer}
button:hover{background:#1e40af}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;
