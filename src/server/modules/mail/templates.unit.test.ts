import { describe, expect, it } from 'vitest';
import { SHOP } from '~/shared/constants';
import { MAIL_TEMPLATES } from '~/shared/schemas/mail';
import { renderMail, type MailTemplateData, type OrderMailData } from './templates';

const order: OrderMailData = {
  orderNumber: 'SC-2026-000123',
  customerName: 'Rohan Deshpande',
  items: [
    { name: 'Lenovo IdeaPad Slim 5 (16 GB, 512 GB SSD)', quantity: 1, unitPricePaise: 12_345_600 },
    { name: 'Dell 24" Monitor <P2425H>', quantity: 2, unitPricePaise: 1_499_900 },
  ],
  subtotalPaise: 15_345_400,
  shippingPaise: 0,
  totalPaise: 15_345_400,
  taxPaise: 2_340_824,
  orderUrl: 'https://sahyadricomputers.in/order-details/ord_abc',
};
const address = { name: 'Rohan Deshpande', line1: 'Flat 12, Sai Residency', city: 'Pune', state: 'Maharashtra', pinCode: '411038' };

const samples: { [T in (typeof MAIL_TEMPLATES)[number]]: MailTemplateData[T] } = {
  order_placed: { ...order, address, paymentMethod: 'UPI' },
  order_paid: { ...order, paymentReference: 'pay_9XyZ' },
  order_shipped: {
    ...order,
    address,
    carrier: 'Blue Dart',
    trackingNumber: 'BD123456789IN',
    trackingUrl: 'https://track.example.in/BD123',
  },
  order_delivered: { ...order, deliveredOn: '14 March 2026' },
  parcel_out_for_delivery: {
    ...order,
    carrier: 'Test Economy Surface',
    trackingNumber: 'TE0123456789',
    trackingUrl: 'https://track.example.in/TE0123456789',
    codPaise: 1_499_900,
  },
  parcel_delivery_failed: { ...order, carrier: 'Test Economy Surface', trackingNumber: 'TE0123456789', reason: 'customer not reachable' },
  order_return_requested: { ...order, reason: 'Damaged or defective on arrival: two dead pixels' },
  order_refund_account_needed: { ...order, refundPaise: 4_599_000 },
  order_cancelled: { ...order, reason: 'Asked by the customer', refundPaise: 12_345_600, refundTakes: '2–4 working days' },
  order_refunded: { ...order, refundPaise: 12_345_600, how: 'to your UPI account', takes: '2–4 working days' },
  order_partly_refunded: {
    ...order,
    refundPaise: 1_499_900,
    refundedItems: [{ name: 'Dell 24" Monitor <P2425H>', quantity: 1, amountPaise: 1_499_900 }],
    reason: 'One unit arrived damaged',
    method: 'provider',
    how: 'to your UPI',
    takes: '2–4 working days',
    reference: 'rfnd_9XyZ',
  },
  vendor_profile_changed: {
    recipientName: 'Rohan Deshpande',
    businessName: 'Deccan Laptops LLP',
    changes: [{ what: 'bank account for payouts', from: 'XXXXXX1234 · HDFC0001234', to: 'XXXXXX4321 · SBIN0005678' }],
    changedOn: '24 Nov 2026',
    byYou: true,
    profileUrl: 'https://sahyadricomputers.in/vendor/profile',
  },
  vendor_decision: {
    recipientName: 'Sanjay Mhatre',
    businessName: 'Kharghar Computer Mart',
    decision: 'reject',
    reason: 'The GSTIN belongs to <another> business',
    dashboardUrl: 'https://sahyadricomputers.in/vendor/dashboard',
  },
  product_review: {
    recipientName: 'Sanjay Mhatre',
    productName: 'Lenovo IdeaPad Slim 5 <14>',
    decision: 'reject',
    reason: 'The pictures show <another> model',
    productUrl: 'https://sahyadricomputers.in/vendor/products/prd_1',
  },
  vendor_order_update: {
    sellerName: 'Kharghar Computer Mart',
    kind: 'new_order',
    orderNumber: 'SC-2026-000123',
    lines: [{ name: 'Lenovo IdeaPad Slim 5 <14>', quantity: 2 }],
    shipTo: 'Pune 411038',
    ordersUrl: 'https://sahyadricomputers.in/vendor/orders?q=SC-2026-000123',
  },
  contact_reply: {
    name: 'Meera Kulkarni',
    topic: 'Product advice',
    message: 'Which laptop for CAD work under ₹90,000?\nI use <SolidWorks>.',
    receivedOn: '23 Nov 2026',
    reply: 'The ThinkPad P14s suits SolidWorks.\n\nWe can hold one for you.',
  },
  password_reset: { name: 'Meera <K>', resetUrl: 'https://sahyadricomputers.in/reset-password?token=abc', minutes: 30 },
  password_changed: { name: 'Meera Kulkarni', changedOn: '24 Nov 2026', forgotUrl: 'https://sahyadricomputers.in/forgot-password' },
  verify_email: { name: 'Meera Kulkarni', verifyUrl: 'https://sahyadricomputers.in/verify-email?token=abc', hours: 24 },
  email_change_verify: {
    name: 'Meera Kulkarni',
    newEmail: 'meera.new@example.in',
    confirmUrl: 'https://sahyadricomputers.in/verify-email?change=abc',
    hours: 24,
  },
  email_changed_notice: {
    name: 'Meera Kulkarni',
    oldEmail: 'meera@example.in',
    newEmail: 'meera.new@example.in',
    changedOn: '24 Nov 2026',
  },
  account_deletion_scheduled: {
    name: 'Meera <K>',
    requestedOn: '24 Nov 2026',
    dueOn: '1 Dec 2026',
    accountUrl: 'https://sahyadricomputers.in/account/profile',
  },
  account_deleted: { name: 'Meera Kulkarni', kept: ['1 order(s) with an issued GST invoice, with the delivery address printed on it.'] },
  stock_alert_confirm: {
    productName: 'Dell <Inspiron> 15',
    confirmUrl: 'https://sahyadricomputers.in/back-in-stock/confirm?token=abc',
    hours: 24,
  },
  back_in_stock: {
    name: null,
    productName: 'Dell <Inspiron> 15',
    pricePaise: 5_499_000,
    productUrl: 'https://sahyadricomputers.in/product/prd_1',
    stopUrl: 'https://sahyadricomputers.in/back-in-stock/stop?token=alrt_1-ab12',
  },
  quote_requested: {
    name: 'Deccan <Laptops>',
    productName: 'ThinkPad E14 (16 GB)',
    quantity: 60,
    customerName: 'Rahul Patil',
    businessName: 'Deccan Data Systems',
    note: 'Delivery to <Wakad> office',
    url: 'https://sahyadricomputers.in/vendor/quotes',
  },
  quote_answered: {
    name: 'Rahul Patil',
    productName: 'ThinkPad E14 (16 GB)',
    quantity: 60,
    sellerName: 'Deccan Laptops',
    unitPricePaise: 6_500_000,
    validUntil: '14 Dec 2026',
    url: 'https://sahyadricomputers.in/account/quotes',
  },
  quote_declined: {
    name: 'Rahul Patil',
    productName: 'ThinkPad E14 (16 GB)',
    quantity: 60,
    sellerName: 'Deccan Laptops',
    reason: 'We cannot source 60 this month.',
  },
  grievance_received: {
    name: 'Meera <K>',
    ticketNumber: 'GRV-2026-000123',
    about: 'Delivery, order SC-100042',
    officer: 'Sunita Deshpande, Grievance Officer',
    trackUrl: 'https://sahyadricomputers.in/account/complaints/grv_1',
    receivedOn: '7 Dec 2026, 10:00',
    acknowledgeBy: '9 Dec 2026, 10:00',
    resolveBy: '7 Jan 2027, 10:00',
    description: 'The parcel came <open> and the charger was missing.',
  },
  grievance_acknowledged: {
    name: 'Meera Kulkarni',
    ticketNumber: 'GRV-2026-000123',
    about: 'Delivery',
    officer: 'Sunita Deshpande, Grievance Officer',
    resolveBy: '7 Jan 2027, 10:00',
    message: 'We have asked the courier for the delivery photo.',
  },
  grievance_reply: {
    name: 'Meera Kulkarni',
    ticketNumber: 'GRV-2026-000123',
    about: 'Delivery',
    officer: 'Sunita Deshpande, Grievance Officer',
    reply: 'Could you send a photo of the box?',
  },
  grievance_resolved: {
    name: 'Meera Kulkarni',
    ticketNumber: 'GRV-2026-000123',
    about: 'Delivery',
    officer: 'Sunita Deshpande, Grievance Officer',
    resolution: 'A new charger was sent by express delivery, AWB 1234567890.',
    resolvedOn: '10 Dec 2026',
  },
};
const ORDER_TEMPLATES = MAIL_TEMPLATES.filter((t) => t.startsWith('order_'));

describe('e-mail templates', () => {
  it('tells a seller of a new order and of a return asked for, with only its items, escaped', () => {
    const fresh = renderMail('vendor_order_update', samples.vendor_order_update);
    expect(fresh.subject).toBe('New order SC-2026-000123 to ship');
    expect(fresh.text).toContain('2 × Lenovo IdeaPad Slim 5 <14>');
    expect(fresh.html).toContain('Lenovo IdeaPad Slim 5 &lt;14&gt;');
    expect(fresh.text).toContain('Open your orders: https://sahyadricomputers.in/vendor/orders?q=SC-2026-000123');
    const back = renderMail('vendor_order_update', {
      ...samples.vendor_order_update,
      kind: 'return_requested',
      reason: 'Wrong item delivered',
    });
    expect(back.subject).toBe('Return asked for on order SC-2026-000123');
    expect(back.text).toContain('asked to return this order: Wrong item delivered');
    expect(back.text).toContain('No photos came with the request.');
    const withPhotos = renderMail('vendor_order_update', { ...samples.vendor_order_update, kind: 'return_requested', photoCount: 3 });
    expect(withPhotos.text).toContain('3 photos came with the request: see them with the order in the seller centre.');
    expect(withPhotos.html).toContain('3 photos came with the request');
    expect(fresh.text).not.toContain('photo');
  });

  it('tells the customer how many photos came with the return request', () => {
    const one = renderMail('order_return_requested', { ...samples.order_return_requested, photoCount: 1 });
    expect(one.text).toContain('1 photo came with it: the seller and our team look at them when the items come back.');
    expect(renderMail('order_return_requested', samples.order_return_requested).text).not.toContain('photo');
  });

  it.each(ORDER_TEMPLATES)('%s has a subject, a text version and an HTML version with the shop footer', (template) => {
    const mail = renderMail(template, samples[template] as never);
    expect(mail.subject).toContain('SC-2026-000123');
    expect(mail.text).toContain('Dear Rohan Deshpande,');
    expect(mail.text).toContain('Lenovo IdeaPad Slim 5');
    expect(mail.text).not.toMatch(/<\/?(p|a|br|td|table|h1)[\s>]/i);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(SHOP.gstin);
      expect(part).toContain(SHOP.phone);
      expect(part).toContain('Shivajinagar');
    }
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it("tells a vendor what changed in its profile, masked, with the shop's footer and a warning", () => {
    const mail = renderMail('vendor_profile_changed', samples.vendor_profile_changed);
    expect(mail.subject).toBe('Your bank account for payouts changed');
    expect(mail.text).toContain('Dear Rohan Deshpande,');
    expect(mail.text).toContain('On 24 Nov 2026 you changed these details of Deccan Laptops LLP');
    expect(mail.text).toContain('bank account for payouts: XXXXXX1234 · HDFC0001234 → XXXXXX4321 · SBIN0005678');
    expect(mail.text).toContain('If you did not make this change, write to us at once');
    expect(mail.html).toContain('href="https://sahyadricomputers.in/vendor/profile"');
    for (const part of [mail.text, mail.html]) expect(part).toContain(SHOP.gstin);
  });

  it('spells out the link of each account e-mail in the text version and escapes the name', () => {
    const reset = renderMail('password_reset', samples.password_reset);
    expect(reset.subject).toBe('Choose a new password');
    expect(reset.text).toContain('Choose a new password: https://sahyadricomputers.in/reset-password?token=abc');
    expect(reset.text).toContain('works once, for 30 minutes');
    expect(reset.html).toContain('Dear Meera &lt;K&gt;,');
    expect(renderMail('verify_email', samples.verify_email).text).toContain('https://sahyadricomputers.in/verify-email?token=abc');
    const notice = renderMail('email_changed_notice', samples.email_changed_notice);
    expect(notice.text).toContain('changed from meera@example.in to meera.new@example.in');
    expect(notice.text).toContain(SHOP.supportEmail);
  });

  it('asks a visitor to confirm an alert, and tells of the restock once with its price and a link that stops alerts', () => {
    const confirm = renderMail('stock_alert_confirm', samples.stock_alert_confirm);
    expect(confirm.subject).toBe('Confirm your back-in-stock alert');
    expect(confirm.text).toContain('Confirm my alert: https://sahyadricomputers.in/back-in-stock/confirm?token=abc');
    expect(confirm.text).toContain('works once, for 24 hours');
    expect(confirm.html).toContain('Dell &lt;Inspiron&gt; 15');
    const back = renderMail('back_in_stock', samples.back_in_stock);
    expect(back.subject).toBe('Back in stock: Dell <Inspiron> 15');
    expect(back.text).toContain('Hello,');
    expect(back.text).toContain('is back in stock at ₹54,990.00');
    expect(back.text).toContain('See it in the shop: https://sahyadricomputers.in/product/prd_1');
    expect(back.text).toContain('back-in-stock e-mail to this address: https://sahyadricomputers.in/back-in-stock/stop?token=alrt_1-ab12');
    expect(back.html).toContain('href="https://sahyadricomputers.in/back-in-stock/stop?token=alrt_1-ab12"');
    expect(back.html).not.toContain('<Inspiron>');
    expect(renderMail('back_in_stock', { ...samples.back_in_stock, name: 'Meera' }).text).toContain('Dear Meera,');
  });

  it('escapes every value a customer or vendor typed', () => {
    const mail = renderMail('order_placed', {
      ...samples.order_placed,
      customerName: '<script>alert("x")</script>',
      address: { ...address, line1: '"><img src=x onerror=alert(1)>' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;P2425H&gt;');
    // The text version is plain text: nothing to escape, the name reads as typed.
    expect(mail.text).toContain('Dear <script>alert("x")</script>,');
  });

  it('writes money in rupees with Indian digit grouping', () => {
    const mail = renderMail('order_paid', samples.order_paid);
    expect(mail.html).toContain('₹1,23,456.00');
    expect(mail.text).toContain('₹1,23,456.00');
    expect(mail.text).toContain('Dell 24" Monitor <P2425H> x 2: ₹29,998.00');
    expect(mail.text).toContain('Total: ₹1,53,454.00');
  });

  it('does not promise a payment e-mail for cash on delivery, and confirms a return request with what happens next', () => {
    expect(renderMail('order_placed', samples.order_placed).text).toContain('We will write again when it is paid and when it ships.');
    const cod = renderMail('order_placed', { ...samples.order_placed, paymentMethod: 'Cash on delivery', payOnDelivery: true }).text;
    expect(cod).toContain('to be paid in cash on delivery. We will write again when it ships.');
    expect(cod).not.toContain('when it is paid');
    const asked = renderMail('order_return_requested', samples.order_return_requested);
    expect(asked.subject).toBe('Return requested for order SC-2026-000123');
    expect(asked.text).toContain('Reason: Damaged or defective on arrival: two dead pixels.');
    expect(asked.text).toContain('courier pickup from your delivery address within 2 working days');
  });

  it('asks for the bank account on the order page when a cash-on-delivery order is returned, and only then', () => {
    const cod = renderMail('order_return_requested', { ...samples.order_return_requested, refundByBankTransfer: true });
    expect(cod.text).toContain('You paid in cash on delivery, so we refund you by bank transfer (NEFT).');
    expect(cod.text).toContain(
      'Give us the bank account to send it to on your order page: https://sahyadricomputers.in/order-details/ord_abc#refund-account. We send the refund within 2 to 4 working days of receiving your account details',
    );
    expect(cod.html).toContain('href="https://sahyadricomputers.in/order-details/ord_abc#refund-account"');
    expect(cod.html).toContain('Give your bank account');
    // Without a link, the customer is told where to find the page.
    const unlinked = renderMail('order_return_requested', {
      ...samples.order_return_requested,
      orderUrl: undefined,
      refundByBankTransfer: true,
    });
    expect(unlinked.text).toContain('on your order page (My orders, then this order)');
    expect(unlinked.html).not.toContain('Give your bank account');
    // A prepaid order goes back the way it was paid: no account is asked for.
    const prepaid = renderMail('order_return_requested', samples.order_return_requested);
    expect(prepaid.text).not.toContain('bank account');
    expect(prepaid.html).not.toContain('refund-account');
  });

  it('reminds a cash-on-delivery customer whose return is back that the refund waits for the bank account', () => {
    const mail = renderMail('order_refund_account_needed', samples.order_refund_account_needed);
    expect(mail.subject).toBe('Your refund for order SC-2026-000123: we need your bank account');
    expect(mail.text).toContain('Your returned items reached us and have been checked.');
    expect(mail.text).toContain('we refund ₹45,990.00 by bank transfer (NEFT), and we do not have your bank account yet.');
    expect(mail.text).toContain('Give the account on your order page: https://sahyadricomputers.in/order-details/ord_abc#refund-account');
    expect(mail.html).toContain('href="https://sahyadricomputers.in/order-details/ord_abc#refund-account"');
  });

  it('tells the refund on cancellation, and the tracking number on shipping', () => {
    expect(renderMail('order_cancelled', samples.order_cancelled).text).toContain(
      'A refund of ₹1,23,456.00 goes back to your original payment method within 2–4 working days.',
    );
    expect(renderMail('order_cancelled', { ...order, refundPaise: undefined }).text).toContain('nothing to refund');
    const shipped = renderMail('order_shipped', samples.order_shipped);
    expect(shipped.text).toContain('Tracking number: BD123456789IN');
    expect(shipped.html).toContain('href="https://track.example.in/BD123"');
  });

  it('tells a partial refund: how much, for which items, and when the money arrives (provider, or bank transfer with its UTR)', () => {
    const online = renderMail('order_partly_refunded', samples.order_partly_refunded);
    expect(online.subject).toBe('Refund of ₹14,999.00 for an item of order SC-2026-000123');
    expect(online.text).toContain('We have refunded ₹14,999.00 for an item of your order: One unit arrived damaged.');
    expect(online.text).toContain('1 × Dell 24" Monitor <P2425H>: ₹14,999.00');
    expect(online.text).toContain('It goes back to your UPI (refund reference rfnd_9XyZ); banks take 2–4 working days to show it.');
    expect(online.html).toContain('1 × Dell 24&quot; Monitor &lt;P2425H&gt;: ₹14,999.00');
    const cod = renderMail('order_partly_refunded', {
      ...samples.order_partly_refunded,
      refundPaise: 2_999_800,
      refundedItems: [{ name: 'Dell 24" Monitor <P2425H>', quantity: 2, amountPaise: 2_999_800 }],
      method: 'bank_transfer',
      how: 'by bank transfer to the account you gave us',
      reference: 'HDFCN52026112500042',
    });
    expect(cod.subject).toBe('Refund of ₹29,998.00 for 2 items of order SC-2026-000123');
    expect(cod.text).toContain('We have sent it by bank transfer to the account you gave us (UTR HDFCN52026112500042)');
    expect(cod.text).toContain('The rest of your order is not affected.');
  });

  it('names the delivery charge when it is refunded, and says when nothing of the order is left to refund', () => {
    const delivery = renderMail('order_partly_refunded', {
      ...samples.order_partly_refunded,
      refundPaise: 199_00,
      refundedItems: [],
      deliveryPaise: 199_00,
    });
    expect(delivery.subject).toBe('Refund of ₹199.00 for the delivery charge of order SC-2026-000123');
    expect(delivery.text).toContain('Delivery charge: ₹199.00');
    const whole = renderMail('order_partly_refunded', {
      ...samples.order_partly_refunded,
      refundPaise: 15_198_00,
      deliveryPaise: 199_00,
      allRefunded: 'order',
    });
    expect(whole.subject).toBe('Refund of ₹15,198.00 for an item and the delivery charge of order SC-2026-000123');
    expect(whole.text).toContain('Everything you paid for this order has now been refunded.');
    expect(whole.text).not.toContain('The rest of your order');
    const kept = renderMail('order_partly_refunded', { ...samples.order_partly_refunded, allRefunded: 'items', deliveryKeptPaise: 199_00 });
    expect(kept.text).toContain('Every item of your order has now been refunded; the delivery charge of ₹199.00 was not.');
  });

  it('drops links that are not http(s)', () => {
    const mail = renderMail('order_paid', { ...samples.order_paid, orderUrl: 'javascript:alert(1)' });
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).not.toContain('javascript:');
  });

  it('answers a contact message with the reply, the message quoted below it, escaped, with the shop footer', () => {
    const mail = renderMail('contact_reply', samples.contact_reply);
    expect(mail.subject).toBe('Re: your message about product advice');
    expect(mail.text).toContain('Dear Meera Kulkarni,');
    expect(mail.text).toContain('The ThinkPad P14s suits SolidWorks.\n\nWe can hold one for you.');
    expect(mail.text).toContain('On 23 Nov 2026 you wrote:\n> Which laptop for CAD work under ₹90,000?\n> I use <SolidWorks>.');
    expect(mail.html).toContain('I use &lt;SolidWorks&gt;.');
    expect(mail.html).not.toContain('<SolidWorks>');
    for (const part of [mail.text, mail.html]) expect(part).toContain(SHOP.gstin);
  });
});
