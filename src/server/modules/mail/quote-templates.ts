import { formatPaise } from '~/shared/money';
import { all, block, button, heading, layoutHtml, layoutText, p, quote, safeUrl } from './mail-layout';

/** What every e-mail about a quote for quantity knows (decision 77). */
interface QuoteMailBase {
  /** Who it is written to. */
  name: string;
  productName: string;
  quantity: number;
  /** Where they open it: the seller centre's quotes, or the customer's My quotes (only http(s) links are shown). */
  url?: string;
}

export interface QuoteMailData {
  /** To the seller: a customer asks for a price. */
  quote_requested: QuoteMailBase & { customerName: string; businessName?: string; note?: string };
  /** To the customer: the seller's price and until when it holds. */
  quote_answered: QuoteMailBase & { sellerName: string; unitPricePaise: number; validUntil: string; note?: string };
  /** To the customer: the seller declined, and why. */
  quote_declined: QuoteMailBase & { sellerName: string; reason: string };
}

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

function compose(d: QuoteMailBase, subject: string, lines: string[], action: string, quoted?: { title: string; text: string }): Rendered {
  const greeting = `Dear ${d.name},`;
  const url = safeUrl(d.url);
  const facts = [`Product: ${d.productName}`, `Quantity: ${d.quantity}`];
  const html = layoutHtml(
    subject,
    all(
      heading(subject),
      p(greeting),
      ...lines.map((line) => p(line)),
      quoted ? all(p(quoted.title, { margin: '20px 0 4px', color: '#475569' }), quote(quoted.text)) : null,
      block('The quote', facts),
      url ? button(url, action) : null,
    ),
  );
  const text = layoutText(
    [
      greeting,
      '',
      ...lines,
      ...(quoted ? ['', quoted.title, ...quoted.text.split('\n').map((line) => `> ${line}`)] : []),
      '',
      ...facts,
      ...(url ? ['', `${action}: ${url}`] : []),
    ].join('\n'),
  );
  return { subject, text, html };
}

export const quoteRenderers: { [T in keyof QuoteMailData]: (data: QuoteMailData[T]) => Rendered } = {
  quote_requested: (d) =>
    compose(
      d,
      `Quote request: ${d.quantity} × ${d.productName}`,
      [
        `${d.customerName}${d.businessName ? ` (${d.businessName})` : ''} asks for your price on ${d.quantity} × ${d.productName}.`,
        'Answer with a unit price and how many days it holds, or decline with a reason, from Quotes in your seller centre.',
      ],
      'Answer the request',
      d.note ? { title: 'Their note:', text: d.note } : undefined,
    ),
  quote_answered: (d) =>
    compose(
      d,
      `Your quote for ${d.quantity} × ${d.productName}: ${formatPaise(d.unitPricePaise)} each`,
      [
        `${d.sellerName} offers ${d.quantity} × ${d.productName} at ${formatPaise(d.unitPricePaise)} each (${formatPaise(d.unitPricePaise * d.quantity)} in all, GST included), valid until ${d.validUntil}.`,
        'Pay it from My quotes in your account before then; stock is checked when you order.',
      ],
      'Open My quotes',
      d.note ? { title: 'The seller wrote:', text: d.note } : undefined,
    ),
  quote_declined: (d) =>
    compose(
      d,
      `Your quote request for ${d.productName} was declined`,
      [`${d.sellerName} cannot offer ${d.quantity} × ${d.productName}.`],
      'Open My quotes',
      { title: 'Their reason:', text: d.reason },
    ),
};
