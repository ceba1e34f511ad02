import { SHOP } from '~/shared/constants';
import { formatPaise } from '~/shared/money';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Only http(s) links make it into an e-mail; anything else (javascript:, data:) is dropped. */
export function safeUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export interface MailItem {
  name: string;
  quantity: number;
  /** Price of one unit, in paise. */
  unitPricePaise: number;
}

export interface MailTotals {
  subtotalPaise: number;
  shippingPaise: number;
  discountPaise?: number;
  /** GST included in the total, shown for information. */
  taxPaise?: number;
  totalPaise: number;
}

export interface MailAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  pinCode: string;
  mobile?: string;
}

const cell = 'padding:8px 0;border-bottom:1px solid #e2e8f0;';

export function itemsHtml(items: MailItem[], totals: MailTotals): string {
  const rows = items
    .map(
      (i) =>
        `<tr><td style="${cell}">${escapeHtml(i.name)}</td><td style="${cell}text-align:center;">${escapeHtml(i.quantity)}</td>` +
        `<td style="${cell}text-align:right;">${escapeHtml(formatPaise(i.unitPricePaise * i.quantity))}</td></tr>`,
    )
    .join('');
  const line = (label: string, paise: number, bold = false) =>
    `<tr><td colspan="2" style="padding:4px 0;${bold ? 'font-weight:bold;' : ''}">${escapeHtml(label)}</td>` +
    `<td style="padding:4px 0;text-align:right;${bold ? 'font-weight:bold;' : ''}">${escapeHtml(formatPaise(paise))}</td></tr>`;
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;">` +
    `<tr><th align="left" style="${cell}">Item</th><th style="${cell}">Qty</th><th align="right" style="${cell}">Amount</th></tr>` +
    rows +
    line('Subtotal', totals.subtotalPaise) +
    line('Delivery', totals.shippingPaise) +
    (totals.discountPaise ? line('Discount', -totals.discountPaise) : '') +
    line('Total', totals.totalPaise, true) +
    (totals.taxPaise ? line('Includes GST', totals.taxPaise) : '') +
    `</table>`
  );
}

export function itemsText(items: MailItem[], totals: MailTotals): string {
  const lines = items.map((i) => `- ${i.name} x ${i.quantity}: ${formatPaise(i.unitPricePaise * i.quantity)}`);
  lines.push('', `Subtotal: ${formatPaise(totals.subtotalPaise)}`, `Delivery: ${formatPaise(totals.shippingPaise)}`);
  if (totals.discountPaise) lines.push(`Discount: ${formatPaise(-totals.discountPaise)}`);
  lines.push(`Total: ${formatPaise(totals.totalPaise)}`);
  if (totals.taxPaise) lines.push(`Includes GST: ${formatPaise(totals.taxPaise)}`);
  return lines.join('\n');
}

export function addressLines(a: MailAddress): string[] {
  return [a.name, a.line1, ...(a.line2 ? [a.line2] : []), `${a.city}, ${a.state} ${a.pinCode}`, ...(a.mobile ? [a.mobile] : [])];
}

const headOffice = SHOP.stores[0];
const footerLines = [SHOP.name, ...headOffice.lines, headOffice.cityLine, `GSTIN ${SHOP.gstin}`, `${SHOP.phone} · ${SHOP.supportEmail}`];

/** Wraps a body (already escaped HTML) in the shop's e-mail frame with the footer. */
export function layoutHtml(title: string, bodyHtml: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;">` +
    `<tr><td style="padding:20px 24px;background:#0f4c81;color:#ffffff;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0;">${escapeHtml(SHOP.name)}</td></tr>` +
    `<tr><td style="padding:24px;font-size:15px;line-height:1.5;">${bodyHtml}</td></tr>` +
    `<tr><td style="padding:16px 24px;font-size:12px;color:#475569;border-top:1px solid #e2e8f0;">${footerLines.map(escapeHtml).join('<br>')}</td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}

export function layoutText(bodyText: string): string {
  return `${bodyText}\n\n--\n${footerLines.join('\n')}\n`;
}
