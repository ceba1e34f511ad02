import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement, Fragment, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SHOP } from '~/shared/constants';
import { formatPaise } from '~/shared/money';

/**
 * E-mail HTML is React Email's components rendered on the server (decision 58): React escapes every
 * value, so a name or a message can never become markup. The plain-text part is written beside it.
 */
export type MailNode = ReactNode;

/** Several parts of an e-mail's body, one after another. */
export const all = (...parts: MailNode[]): MailNode => createElement(Fragment, null, ...parts);

const paragraph: CSSProperties = { margin: '0 0 12px', fontSize: '15px', lineHeight: '1.5' };

/** A paragraph of text. */
export const p = (text: string, style?: CSSProperties) => <Text style={{ ...paragraph, ...style }}>{text}</Text>;

export const heading = (text: string) => (
  <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '20px' }}>
    {text}
  </Heading>
);

export const subheading = (text: string) => (
  <Heading as="h2" style={{ margin: '20px 0 8px', fontSize: '16px' }}>
    {text}
  </Heading>
);

/** A titled block of lines (an address, tracking details). */
export const block = (title: string, lines: string[]) => (
  <Text style={{ ...paragraph, margin: '16px 0 12px' }}>
    <strong>{title}</strong>
    {lines.map((line, i) => (
      <Fragment key={i}>
        <br />
        {line}
      </Fragment>
    ))}
  </Text>
);

/** A link drawn as a button; nothing without a (safe) link. */
export const button = (href: string | undefined, label: string) =>
  href ? (
    <Section style={{ margin: '20px 0' }}>
      <Button
        href={href}
        style={{ background: '#0f4c81', color: '#ffffff', padding: '10px 18px', borderRadius: '6px', textDecoration: 'none' }}
      >
        {label}
      </Button>
    </Section>
  ) : null;

/** A line in small print with a link inside it (how to stop alerts). */
export const small = (before: string, link: { href: string; label: string }, after: string) => (
  <Text style={{ margin: '24px 0 0', fontSize: '12px', color: '#475569' }}>
    {before}
    <Link href={link.href} style={{ color: '#475569' }}>
      {link.label}
    </Link>
    {after}
  </Text>
);

/** A quoted message (what a customer wrote). */
export const quote = (text: string) => (
  <blockquote style={{ margin: 0, padding: '8px 12px', borderLeft: '3px solid #cbd5e1', color: '#475569', whiteSpace: 'pre-line' }}>
    {text}
  </blockquote>
);

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

const cell: CSSProperties = { padding: '8px 0', borderBottom: '1px solid #e2e8f0' };

export function itemsHtml(items: MailItem[], totals: MailTotals): MailNode {
  const line = (label: string, paise: number, bold = false) => {
    const style: CSSProperties = { padding: '4px 0', ...(bold ? { fontWeight: 'bold' } : {}) };
    return (
      <tr>
        <td colSpan={2} style={style}>
          {label}
        </td>
        <td style={{ ...style, textAlign: 'right' }}>{formatPaise(paise)}</td>
      </tr>
    );
  };
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', fontSize: '14px' }}>
      <tbody>
        <tr>
          <th align="left" style={cell}>
            Item
          </th>
          <th style={cell}>Qty</th>
          <th align="right" style={cell}>
            Amount
          </th>
        </tr>
        {items.map((i, index) => (
          <tr key={index}>
            <td style={cell}>{i.name}</td>
            <td style={{ ...cell, textAlign: 'center' }}>{i.quantity}</td>
            <td style={{ ...cell, textAlign: 'right' }}>{formatPaise(i.unitPricePaise * i.quantity)}</td>
          </tr>
        ))}
        {line('Subtotal', totals.subtotalPaise)}
        {line('Delivery', totals.shippingPaise)}
        {totals.discountPaise ? line('Discount', -totals.discountPaise) : null}
        {line('Total', totals.totalPaise, true)}
        {totals.taxPaise ? line('Includes GST', totals.taxPaise) : null}
      </tbody>
    </table>
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

/** The shop's e-mail frame with the footer, around a body, rendered to an HTML document. */
export function layoutHtml(title: string, body: MailNode): string {
  const frame = (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width" />
        <title>{title}</title>
      </Head>
      <Body style={{ margin: 0, padding: '24px 12px', background: '#f1f5f9', fontFamily: 'Arial,Helvetica,sans-serif', color: '#0f172a' }}>
        <Container style={{ maxWidth: '600px', background: '#ffffff', borderRadius: '8px' }}>
          <Section
            style={{
              padding: '20px 24px',
              background: '#0f4c81',
              color: '#ffffff',
              fontSize: '20px',
              fontWeight: 'bold',
              borderRadius: '8px 8px 0 0',
            }}
          >
            {SHOP.name}
          </Section>
          <Section style={{ padding: '24px', fontSize: '15px', lineHeight: '1.5' }}>{body}</Section>
          <Section style={{ padding: '16px 24px', fontSize: '12px', color: '#475569', borderTop: '1px solid #e2e8f0' }}>
            {footerLines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </Section>
        </Container>
      </Body>
    </Html>
  );
  return `<!doctype html>${renderToStaticMarkup(frame)}`;
}

export function layoutText(bodyText: string): string {
  return `${bodyText}\n\n--\n${footerLines.join('\n')}\n`;
}
