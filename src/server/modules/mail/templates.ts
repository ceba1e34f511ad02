import type { MailTemplate } from '~/shared/schemas/mail';
import { formatPaise } from '~/shared/money';
import {
  addressLines,
  all,
  block,
  button,
  heading,
  itemsHtml,
  itemsText,
  layoutHtml,
  layoutText,
  p,
  quote,
  safeUrl,
  subheading,
  type MailAddress,
  type MailNode,
  type MailItem,
  type MailTotals,
} from './mail-layout';
import { accountRenderers, type AccountMailData } from './account-templates';
import { deletionRenderers, type DeletionMailData } from './deletion-templates';
import { grievanceRenderers, type GrievanceMailData } from './grievance-templates';
import { quoteRenderers, type QuoteMailData } from './quote-templates';
import { stockAlertRenderers, type StockAlertMailData } from './stock-alert-templates';

export type { MailAddress, MailItem, MailTotals };

/** What every order e-mail knows. */
export interface OrderMailData extends MailTotals {
  orderNumber: string;
  customerName: string;
  items: MailItem[];
  /** Link to the order's page; only http(s) links are shown. */
  orderUrl?: string;
}

export interface MailTemplateData extends AccountMailData, DeletionMailData, StockAlertMailData, GrievanceMailData, QuoteMailData {
  order_placed: OrderMailData & { address: MailAddress; paymentMethod?: string; payOnDelivery?: boolean };
  order_paid: OrderMailData & { paymentReference?: string };
  order_shipped: OrderMailData & {
    address: MailAddress;
    carrier: string;
    trackingNumber: string;
    trackingUrl?: string;
    expectedBy?: string;
  };
  order_delivered: OrderMailData & { deliveredOn: string };
  /** A courier's parcel of the order is out for delivery today (decision 79). */
  parcel_out_for_delivery: OrderMailData & { carrier: string; trackingNumber: string; trackingUrl?: string; codPaise?: number };
  /** A delivery attempt failed: the customer chooses a new day or corrects the address or phone on the order page. */
  parcel_delivery_failed: OrderMailData & { carrier: string; trackingNumber: string; reason: string };
  /** `refundByBankTransfer`: paid in cash on delivery, so the shop asks for the bank account to refund to, on the order page. */
  order_return_requested: OrderMailData & { reason: string; refundByBankTransfer?: boolean; photoCount?: number };
  /** The items of a cash-on-delivery return are back and checked, and the customer has not said where to send the refund. */
  order_refund_account_needed: OrderMailData & { refundPaise: number };
  /** With a refund, how long it takes to show (`refundTakes`: "2–4 working days"), by the way it went back. */
  order_cancelled: OrderMailData & { reason?: string } & ({ refundPaise?: undefined } | { refundPaise: number; refundTakes: string });
  order_refunded: OrderMailData & { refundPaise: number; how: string; takes: string };
  /** Some units of the order refunded by the shop (the rest stays with the customer). */
  order_partly_refunded: OrderMailData & {
    refundPaise: number;
    /** The units refunded, each with what it gave back (none when only the delivery charge was). */
    refundedItems: { name: string; quantity: number; amountPaise: number }[];
    /** The delivery charge, when it was refunded with them (or alone). */
    deliveryPaise?: number;
    /** Nothing of the order is left with the customer now: 'order', all of it refunded; 'items', every item but not the delivery charge. */
    allRefunded?: 'order' | 'items';
    /** With `allRefunded: 'items'`: the delivery charge not refunded. */
    deliveryKeptPaise?: number;
    reason: string;
    /** 'provider': back to the card, UPI or net banking paid with; 'bank_transfer': cash on delivery, sent by the shop's bank. */
    method: 'provider' | 'bank_transfer';
    /** "to your UPI" or "by bank transfer to the account you gave us". */
    how: string;
    /** How long it takes to show ("2–4 working days"). */
    takes: string;
    /** The payment provider's refund id (prepaid) or the bank transfer's UTR (cash on delivery). */
    reference?: string;
  };
  /** An approved vendor's bank account or GSTIN changed: to the vendor's sign-in address, values masked. */
  vendor_profile_changed: {
    recipientName: string;
    businessName: string;
    changes: { what: string; from: string | null; to: string | null }[];
    changedOn: string;
    byYou: boolean;
    profileUrl?: string;
  };
  /** To a vendor's sign-in address: the shop approved, rejected, suspended or reinstated it (with the reason it reads). */
  vendor_decision: {
    recipientName: string;
    businessName: string;
    decision: 'approve' | 'reject' | 'suspend' | 'reinstate';
    reason: string | null;
    dashboardUrl?: string;
  };
  /** To a seller: the shop's review of a new product it listed approved it (on sale now) or sent it back with a reason. */
  product_review: {
    recipientName: string;
    productName: string;
    decision: 'approve' | 'reject';
    reason: string | null;
    productUrl?: string;
  };
  /** To a seller: a new confirmed order with its items, or a return asked for. */
  vendor_order_update: {
    sellerName: string;
    kind: 'new_order' | 'return_requested';
    orderNumber: string;
    lines: { name: string; quantity: number }[];
    shipTo: string;
    reason?: string;
    /** With a return: how many photos the customer sent with it (seen in the seller centre). */
    photoCount?: number;
    ordersUrl?: string;
  };
  /** The shop's answer to a message sent from the contact page, to the sender's address. */
  contact_reply: {
    name: string;
    topic: string;
    /** What they wrote, quoted below the reply. */
    message: string;
    receivedOn: string;
    reply: string;
  };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Parts {
  subject: string;
  intro: string[];
  extraHtml?: MailNode;
  extraText?: string[];
}

function compose(data: OrderMailData, parts: Parts): RenderedMail {
  const orderUrl = safeUrl(data.orderUrl);
  const greeting = `Dear ${data.customerName},`;
  const html = layoutHtml(
    parts.subject,
    all(
      heading(parts.subject),
      p(greeting),
      ...parts.intro.map((line) => p(line)),
      parts.extraHtml,
      subheading(`Order ${data.orderNumber}`),
      itemsHtml(data.items, data),
      button(orderUrl, 'View your order'),
      p(`Thank you for shopping with us.`),
    ),
  );
  const text = layoutText(
    [
      greeting,
      '',
      ...parts.intro,
      ...(parts.extraText?.length ? ['', ...parts.extraText] : []),
      '',
      `Order ${data.orderNumber}`,
      itemsText(data.items, data),
      ...(orderUrl ? ['', `View your order: ${orderUrl}`] : []),
      '',
      'Thank you for shopping with us.',
    ].join('\n'),
  );
  return { subject: parts.subject, text, html };
}

/** "1 photo", "3 photos": how many came with a return request. */
const photos = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

/**
 * A return asked for: what happens next. Cash on delivery is refunded by the shop's bank transfer,
 * so the customer is asked for the account, on the order's page (the link, when there is one).
 */
function orderReturnRequested(d: MailTemplateData['order_return_requested']): RenderedMail {
  const orderUrl = safeUrl(d.orderUrl);
  const bankTransfer = (where: string) => [
    'You paid in cash on delivery, so we refund you by bank transfer (NEFT).',
    `Give us the bank account to send it to ${where}. We send the refund within 2 to 4 working days of receiving your account details, once the items are back and checked.`,
  ];
  const onPage = 'on your order page (My orders, then this order)';
  return compose(d, {
    subject: `Return requested for order ${d.orderNumber}`,
    intro: [
      `We have your request to return this order. Reason: ${d.reason}.`,
      ...(d.photoCount ? [`${photos(d.photoCount)} came with it: the seller and our team look at them when the items come back.`] : []),
      'We will arrange a courier pickup from your delivery address within 2 working days. Keep the items packed as they arrived, with all accessories and the invoice.',
      'Once they reach the seller and are checked, we refund you and write to you again.',
    ],
    ...(d.refundByBankTransfer
      ? {
          extraHtml: all(
            ...bankTransfer(onPage).map((line) => p(line)),
            button(orderUrl && `${orderUrl}#refund-account`, 'Give your bank account'),
          ),
          extraText: bankTransfer(orderUrl ? `on your order page: ${orderUrl}#refund-account` : onPage),
        }
      : {}),
  });
}

/**
 * The reminder a cash-on-delivery customer gets when the returned items are back and checked but no
 * bank account was given for the refund: the one thing the shop waits for.
 */
function orderRefundAccountNeeded(d: MailTemplateData['order_refund_account_needed']): RenderedMail {
  const orderUrl = safeUrl(d.orderUrl);
  const where = orderUrl ? `on your order page: ${orderUrl}#refund-account` : 'on your order page (My orders, then this order)';
  return compose(d, {
    subject: `Your refund for order ${d.orderNumber}: we need your bank account`,
    intro: [
      'Your returned items reached us and have been checked.',
      `You paid in cash on delivery, so we refund ${formatPaise(d.refundPaise)} by bank transfer (NEFT), and we do not have your bank account yet.`,
      'We send the refund within 2 to 4 working days of receiving your account details.',
    ],
    extraHtml: all(p('Give the account on your order page.'), button(orderUrl && `${orderUrl}#refund-account`, 'Give your bank account')),
    extraText: [`Give the account ${where}`],
  });
}

const renderers: { [T in MailTemplate]: (data: MailTemplateData[T]) => RenderedMail } = {
  order_placed: (d) =>
    compose(d, {
      subject: `Order ${d.orderNumber} placed`,
      intro: [
        d.payOnDelivery
          ? `We have received your order for ${formatPaise(d.totalPaise)}, to be paid in cash on delivery. We will write again when it ships.`
          : `We have received your order for ${formatPaise(d.totalPaise)}. We will write again when it is paid and when it ships.`,
      ],
      extraHtml: all(block('Delivery address', addressLines(d.address)), d.paymentMethod ? p(`Payment method: ${d.paymentMethod}`) : null),
      extraText: ['Delivery address:', ...addressLines(d.address), ...(d.paymentMethod ? [`Payment method: ${d.paymentMethod}`] : [])],
    }),
  order_paid: (d) =>
    compose(d, {
      subject: `Payment received for order ${d.orderNumber}`,
      intro: [
        `We have received your payment of ${formatPaise(d.totalPaise)}.`,
        ...(d.paymentReference ? [`Payment reference: ${d.paymentReference}`] : []),
        'We are now packing your order.',
      ],
    }),
  order_shipped: (d) => {
    const trackingUrl = safeUrl(d.trackingUrl);
    const tracking = [
      `Carrier: ${d.carrier}`,
      `Tracking number: ${d.trackingNumber}`,
      ...(d.expectedBy ? [`Expected by: ${d.expectedBy}`] : []),
    ];
    return compose(d, {
      subject: `Order ${d.orderNumber} has shipped`,
      intro: ['Your order is on its way.'],
      extraHtml: all(
        block('Tracking', tracking),
        button(trackingUrl, 'Track your parcel'),
        block('Delivery address', addressLines(d.address)),
      ),
      extraText: [
        ...tracking,
        ...(trackingUrl ? [`Track your parcel: ${trackingUrl}`] : []),
        '',
        'Delivery address:',
        ...addressLines(d.address),
      ],
    });
  },
  order_delivered: (d) =>
    compose(d, {
      subject: `Order ${d.orderNumber} delivered`,
      intro: [
        `Your order was delivered on ${d.deliveredOn}.`,
        'If anything is wrong with it, reply to this e-mail or see our Returns & Refunds page within 7 days.',
      ],
    }),
  parcel_out_for_delivery: (d) => {
    const trackingUrl = safeUrl(d.trackingUrl);
    const lines = [
      `Carrier: ${d.carrier}`,
      `Tracking number: ${d.trackingNumber}`,
      ...(d.codPaise ? [`Please keep ${formatPaise(d.codPaise)} ready: the parcel is cash on delivery.`] : []),
    ];
    return compose(d, {
      subject: `Order ${d.orderNumber} is out for delivery`,
      intro: ['Your parcel is out for delivery today.'],
      extraHtml: all(block('Tracking', lines), button(trackingUrl, 'Track your parcel')),
      extraText: [...lines, ...(trackingUrl ? [`Track your parcel: ${trackingUrl}`] : [])],
    });
  },
  parcel_delivery_failed: (d) =>
    compose(d, {
      subject: `Order ${d.orderNumber}: we could not deliver your parcel`,
      intro: [
        `${d.carrier} tried to deliver your parcel (tracking number ${d.trackingNumber}) but could not: ${d.reason}.`,
        'On your order page, choose a day for the next attempt, or correct your address or phone number.',
      ],
    }),
  order_return_requested: orderReturnRequested,
  order_refund_account_needed: orderRefundAccountNeeded,
  order_cancelled: (d) =>
    compose(d, {
      subject: `Order ${d.orderNumber} cancelled`,
      intro: [
        'Your order has been cancelled.',
        ...(d.reason ? [`Reason: ${d.reason}`] : []),
        ...(d.refundPaise
          ? [`A refund of ${formatPaise(d.refundPaise)} goes back to your original payment method within ${d.refundTakes}.`]
          : ['No payment was taken, so there is nothing to refund.']),
      ],
    }),
  order_refunded: (d) =>
    compose(d, {
      subject: `Refund of ${formatPaise(d.refundPaise)} for order ${d.orderNumber}`,
      intro: [
        'We have received your return and checked it.',
        `A refund of ${formatPaise(d.refundPaise)} has been issued ${d.how}; banks take ${d.takes} to show it.`,
      ],
    }),
  order_partly_refunded: orderPartlyRefunded,
  vendor_profile_changed: vendorProfileChanged,
  vendor_decision: vendorDecision,
  product_review: productReview,
  vendor_order_update: vendorOrderUpdate,
  contact_reply: contactReply,
  ...accountRenderers,
  ...deletionRenderers,
  ...stockAlertRenderers,
  ...grievanceRenderers,
  ...quoteRenderers,
};

function orderPartlyRefunded(d: MailTemplateData['order_partly_refunded']): RenderedMail {
  const units = d.refundedItems.reduce((n, i) => n + i.quantity, 0);
  const lines = [
    ...d.refundedItems.map((i) => `${i.quantity} × ${i.name}: ${formatPaise(i.amountPaise)}`),
    ...(d.deliveryPaise ? [`Delivery charge: ${formatPaise(d.deliveryPaise)}`] : []),
  ];
  const itemWords = units === 0 ? '' : units === 1 ? 'an item' : `${units} items`;
  const what = d.deliveryPaise ? (itemWords ? `${itemWords} and the delivery charge` : 'the delivery charge') : itemWords;
  const rest =
    d.allRefunded === 'order'
      ? 'Everything you paid for this order has now been refunded. A credit note for the refund is on your order page.'
      : d.allRefunded === 'items'
        ? `Every item of your order has now been refunded; the delivery charge of ${formatPaise(d.deliveryKeptPaise ?? 0)} was not. A credit note for the refund is on your order page.`
        : 'The rest of your order is not affected. A credit note for the refund is on your order page.';
  const when =
    d.method === 'bank_transfer'
      ? `We have sent it ${d.how}${d.reference ? ` (UTR ${d.reference})` : ''}; it usually shows in your account within one working day. If it has not arrived in two, give your bank the UTR.`
      : `It goes back ${d.how}${d.reference ? ` (refund reference ${d.reference})` : ''}; banks take ${d.takes} to show it.`;
  return compose(d, {
    subject: `Refund of ${formatPaise(d.refundPaise)} for ${what} of order ${d.orderNumber}`,
    intro: [`We have refunded ${formatPaise(d.refundPaise)} for ${what} of your order: ${d.reason}.`, when],
    extraHtml: all(block('Refunded', lines), p(rest)),
    extraText: ['Refunded:', ...lines, '', rest],
  });
}

function vendorOrderUpdate(d: MailTemplateData['vendor_order_update']): RenderedMail {
  const subject = d.kind === 'new_order' ? `New order ${d.orderNumber} to ship` : `Return asked for on order ${d.orderNumber}`;
  const ordersUrl = safeUrl(d.ordersUrl);
  const intro = [
    `Dear ${d.sellerName},`,
    d.kind === 'new_order'
      ? `A customer in ${d.shipTo} has confirmed an order with your items. Pack them and ship them from the seller centre.`
      : `The customer in ${d.shipTo} asked to return this order${d.reason ? `: ${d.reason}` : ''}. Receive the items, check them and refund them from the seller centre.`,
    ...(d.kind === 'return_requested'
      ? [
          d.photoCount
            ? `${photos(d.photoCount)} came with the request: see them with the order in the seller centre.`
            : 'No photos came with the request.',
        ]
      : []),
  ];
  const lines = d.lines.map((l) => `${l.quantity} × ${l.name}`);
  return {
    subject,
    html: layoutHtml(
      subject,
      all(heading(subject), ...intro.map((line) => p(line)), block('Your items', lines), button(ordersUrl, 'Open your orders')),
    ),
    text: layoutText([...intro, '', 'Your items:', ...lines, ...(ordersUrl ? ['', `Open your orders: ${ordersUrl}`] : [])].join('\n')),
  };
}

function vendorProfileChanged(d: MailTemplateData['vendor_profile_changed']): RenderedMail {
  const subject = `Your ${d.changes.map((c) => c.what).join(' and ')} changed`;
  const profileUrl = safeUrl(d.profileUrl);
  const intro = [
    `Dear ${d.recipientName},`,
    `On ${d.changedOn} ${d.byYou ? 'you changed' : 'the shop changed'} these details of ${d.businessName} in the seller centre:`,
  ];
  const lines = d.changes.map((c) => `${c.what}: ${c.from ?? 'none'} → ${c.to ?? 'none'}`);
  const warning = 'If you did not make this change, write to us at once: payouts go to the bank account on file.';
  return {
    subject,
    html: layoutHtml(
      subject,
      all(
        heading(subject),
        ...intro.map((line) => p(line)),
        block('What changed', lines),
        p(warning),
        button(profileUrl, 'Open your profile'),
      ),
    ),
    text: layoutText([...intro, '', ...lines, '', warning, ...(profileUrl ? ['', `Open your profile: ${profileUrl}`] : [])].join('\n')),
  };
}

const DECISION_WORDS: Record<MailTemplateData['vendor_decision']['decision'], { subject: string; body: string[] }> = {
  approve: {
    subject: 'is approved: you can sell now',
    body: [
      'Your seller account is approved. Add your products (or import them from a CSV), add the bank account we pay you into, and your products are in the shop as soon as you put them on sale.',
    ],
  },
  reject: {
    subject: 'was not approved',
    body: ['We could not approve your seller account.', 'Reply to this e-mail if you would like us to look at it again.'],
  },
  suspend: {
    subject: 'is suspended',
    body: [
      'Your seller account is suspended: your products are out of the shop and you cannot change them until this is resolved. You can still read your figures, orders and payouts.',
      'Reply to this e-mail to resolve it.',
    ],
  },
  reinstate: {
    subject: 'is active again',
    body: ['Your seller account is active again: your products on sale are back in the shop.'],
  },
};

function vendorDecision(d: MailTemplateData['vendor_decision']): RenderedMail {
  const words = DECISION_WORDS[d.decision];
  const subject = `${d.businessName} ${words.subject}`;
  const dashboardUrl = safeUrl(d.dashboardUrl);
  const lines = [`Dear ${d.recipientName},`, ...words.body, ...(d.reason ? [`The reason we gave: ${d.reason}`] : [])];
  return {
    subject,
    html: layoutHtml(subject, all(heading(subject), ...lines.map((line) => p(line)), button(dashboardUrl, 'Open the seller centre'))),
    text: layoutText([...lines, ...(dashboardUrl ? ['', `Open the seller centre: ${dashboardUrl}`] : [])].join('\n')),
  };
}

function productReview(d: MailTemplateData['product_review']): RenderedMail {
  const approved = d.decision === 'approve';
  const subject = approved ? `${d.productName} is approved and on sale` : `${d.productName} needs changes before it goes on sale`;
  const productUrl = safeUrl(d.productUrl);
  const lines = [
    `Dear ${d.recipientName},`,
    approved
      ? 'The shop reviewed your new product and approved it: it is in the shop now, and shoppers can buy it.'
      : 'The shop reviewed your new product and sent it back to your drafts.',
    ...(d.reason
      ? [`The reason we gave: ${d.reason}`, 'Change what it asks and put the product on sale again: it comes back to the review.']
      : []),
  ];
  return {
    subject,
    html: layoutHtml(subject, all(heading(subject), ...lines.map((line) => p(line)), button(productUrl, 'Open the product'))),
    text: layoutText([...lines, ...(productUrl ? ['', `Open the product: ${productUrl}`] : [])].join('\n')),
  };
}

function contactReply(d: MailTemplateData['contact_reply']): RenderedMail {
  const subject = `Re: your message about ${d.topic.toLowerCase()}`;
  const greeting = `Dear ${d.name},`;
  const paragraphs = d.reply
    .split(/\n{2,}/)
    .map((para) => para.trim())
    .filter(Boolean);
  const quoted = `On ${d.receivedOn} you wrote:`;
  const closing = 'If you have more to ask, reply to this e-mail or write to us again from the contact page.';
  const html = layoutHtml(
    subject,
    all(
      heading(subject),
      p(greeting),
      ...paragraphs.map((para) => p(para, { whiteSpace: 'pre-line' })),
      p(closing),
      p(quoted, { margin: '20px 0 4px', color: '#475569' }),
      quote(d.message),
    ),
  );
  const text = layoutText(
    [greeting, '', paragraphs.join('\n\n'), '', closing, '', quoted, ...d.message.split('\n').map((line) => `> ${line}`)].join('\n'),
  );
  return { subject, text, html };
}

/** Renders an e-mail template: subject, plain text and HTML (React Email, every value escaped by React). */
export function renderMail<T extends MailTemplate>(template: T, data: MailTemplateData[T]): RenderedMail {
  return renderers[template](data);
}
