import { SHOP } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { all, button, heading, layoutHtml, layoutText, p, small, safeUrl } from './mail-layout';

/** The e-mails of back-in-stock alerts (decision 28). */
export interface StockAlertMailData {
  /** To a visitor's address: the alert is on once this link is opened. */
  stock_alert_confirm: { productName: string; confirmUrl: string; hours: number };
  /** The one e-mail of an alert: the product is back. `stopUrl` stops every alert to this address. */
  back_in_stock: { name: string | null; productName: string; pricePaise: number; productUrl: string; stopUrl: string };
}

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

function stockAlertConfirm(d: StockAlertMailData['stock_alert_confirm']): Rendered {
  const subject = 'Confirm your back-in-stock alert';
  const url = safeUrl(d.confirmUrl);
  const before = [`You asked ${SHOP.name} to e-mail this address once when ${d.productName} is back in stock.`];
  const after = [`The link works once, for ${d.hours} hours. If you did not ask, ignore this e-mail: nothing will be sent.`];
  const html = layoutHtml(
    subject,
    all(
      heading(subject),
      ...before.map((line) => p(line)),
      url ? all(button(url, 'Confirm my alert'), p(`Or open this address: ${url}`)) : null,
      ...after.map((line) => p(line)),
    ),
  );
  const text = layoutText([...before, ...(url ? ['', `Confirm my alert: ${url}`, ''] : []), ...after].join('\n'));
  return { subject, text, html };
}

function backInStock(d: StockAlertMailData['back_in_stock']): Rendered {
  const subject = `Back in stock: ${d.productName}`;
  const productUrl = safeUrl(d.productUrl);
  const stopUrl = safeUrl(d.stopUrl);
  const greeting = d.name ? `Dear ${d.name},` : 'Hello,';
  const body = [
    `Good news: ${d.productName} is back in stock at ${formatPaise(d.pricePaise)}.`,
    'Stock is limited and goes to whoever orders first: we hold none back for alerts.',
    'This is the only e-mail of this alert. If it sells out again, choose "Notify me" on its page once more.',
  ];
  const stopLine = 'To stop every back-in-stock e-mail to this address';
  const html = layoutHtml(
    subject,
    all(
      heading(subject),
      p(greeting),
      ...body.map((line) => p(line)),
      button(productUrl, 'See it in the shop'),
      stopUrl ? small(`${stopLine}: `, { href: stopUrl, label: 'stop alerts' }, '.') : null,
    ),
  );
  const text = layoutText(
    [
      greeting,
      '',
      ...body,
      ...(productUrl ? ['', `See it in the shop: ${productUrl}`] : []),
      ...(stopUrl ? ['', `${stopLine}: ${stopUrl}`] : []),
    ].join('\n'),
  );
  return { subject, text, html };
}

export const stockAlertRenderers: { [T in keyof StockAlertMailData]: (data: StockAlertMailData[T]) => Rendered } = {
  stock_alert_confirm: stockAlertConfirm,
  back_in_stock: backInStock,
};
