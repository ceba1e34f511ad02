/**
 * Order and payment lifecycles (DESIGN §3) and the rules both the server and the pages use:
 * which statuses a customer may cancel from, how long a return may be asked for, labels.
 */

export const ORDER_STATUSES = [
  'pending_payment',
  'placed',
  'processing',
  'partly_shipped',
  'shipped',
  'partly_delivered',
  'delivered',
  'cancelled',
  'return_requested',
  'returned',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  placed: 'Placed',
  processing: 'Processing',
  partly_shipped: 'Partly shipped',
  shipped: 'Shipped',
  partly_delivered: 'Partly delivered',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  returned: 'Returned',
  refunded: 'Refunded',
};

export const PAYMENT_METHODS = ['card', 'upi', 'netbanking', 'emi', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type OnlinePaymentMethod = Exclude<PaymentMethod, 'cod'>;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Credit or debit card',
  upi: 'UPI',
  netbanking: 'Net banking',
  emi: 'EMI',
  cod: 'Cash on delivery',
};

/**
 * How long a refund takes to show, by the way the order was paid: the one promise of the returns
 * page, the order's page and timeline, and the e-mails. Cash on delivery goes back by a bank transfer
 * the shop has already made when it records the refund.
 */
export const REFUND_TIMES: Record<PaymentMethod, string> = {
  upi: '2–4 working days',
  netbanking: '2–4 working days',
  card: '5–7 working days',
  emi: '5–7 working days',
  cod: '1–2 working days',
};

/** How long a refund to `method` takes to show (a method the provider names that we do not, as long as a card's). */
export const refundTime = (method: string): string => REFUND_TIMES[method as PaymentMethod] ?? REFUND_TIMES.card;

/** Methods a customer may switch between at the provider's page: the order's total does not depend on which. */
const INTERCHANGEABLE_METHODS: readonly string[] = ['card', 'upi', 'netbanking'] satisfies PaymentMethod[];

/**
 * The method an order was paid by when the customer paid at the provider another way than chosen at
 * checkout (a card after a UPI attempt failed, say); undefined when it stays as chosen. EMI and cash
 * on delivery stay: their totals and terms were set at checkout.
 */
export function switchedPaymentMethod(chosen: string, paidWith: string | null): PaymentMethod | undefined {
  if (!paidWith || paidWith === chosen || !INTERCHANGEABLE_METHODS.includes(chosen) || !INTERCHANGEABLE_METHODS.includes(paidWith))
    return undefined;
  return paidWith as PaymentMethod;
}

export const PAYMENT_STATUSES = ['created', 'authorized', 'captured', 'failed', 'refunded', 'partially_refunded', 'cancelled'] as const;
export type PaymentStatusName = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatusName, string> = {
  created: 'Not paid yet',
  authorized: 'Authorised',
  captured: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  cancelled: 'Not charged',
};

/** A customer may cancel until the order ships. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['pending_payment', 'placed', 'processing'];

/** Days after delivery within which a return may be requested, by default (admins change it in Settings; an order keeps the window it was placed with). */
export const RETURN_WINDOW_DAYS = 7;

export const RETURN_REASONS = [
  'Damaged or defective on arrival',
  'Wrong item delivered',
  'Item does not match the description',
  'Missing parts or accessories',
  'No longer needed',
] as const;

export const CANCEL_REASONS = [
  'Ordered by mistake',
  'Found a better price',
  'Delivery is too slow',
  'Want to change the address or items',
  'Other',
] as const;

/** The last moment a return may be asked for, or null when the order has not been delivered. */
export function returnDeadline(deliveredAt: Date | string | null, windowDays: number = RETURN_WINDOW_DAYS): Date | null {
  if (!deliveredAt) return null;
  return new Date(new Date(deliveredAt).getTime() + windowDays * 86_400_000);
}

/** The GST invoice number of an order (one invoice per order, numbered after it). */
export function invoiceNumberOf(orderNumber: string): string {
  return `INV-${orderNumber}`;
}

/**
 * The number of an order's `seq`-th credit note: "CN-SC-100042-1". A GST document's serial number is
 * at most 16 characters (rules 46(b) and 53 of the CGST Rules), which is also what the IRP takes, so
 * the number printed is the number registered. Notes of before kept theirs ("INV-SC-100042-CN1").
 */
export function creditNoteNumberOf(orderNumber: string, seq: number): string {
  return `CN-${orderNumber}-${seq}`;
}

/** Text someone typed, put inside a sentence of ours: without its own final full stop ("… screen.. We will"). */
export function inSentence(text: string): string {
  return text.trim().replace(/\s*\.+$/, '');
}

/** Who made a timeline entry, as the back office names them (the customer's page says "You" and the shop's name). */
const BACK_OFFICE_ACTORS: Record<string, string> = {
  customer: 'Customer',
  admin: 'Admin',
  vendor: 'Seller',
  system: 'Automatic update',
  gateway: 'Payment gateway',
  payment: 'Payment gateway',
};

export const backOfficeActor = (role: string): string => BACK_OFFICE_ACTORS[role] ?? role.charAt(0).toUpperCase() + role.slice(1);

/**
 * An order's timeline is written to its customer ("Refund of ₹… issued to your UPI", "Cancelled by
 * you: …"); the back office reads the same entries about the customer, in the third person.
 */
export function inThirdPerson(message: string): string {
  return message
    .replace(/\byou gave us\b/g, 'the customer gave us')
    .replace(/\bYou (gave|changed)\b/g, 'The customer $1')
    .replace(/\b(by|for|to) you\b/g, '$1 the customer')
    .replace(/\bYou (can|may|will)\b/g, 'The customer $1')
    .replace(/\byou (can|may|will)\b/g, 'the customer $1')
    .replace(/\bYour\b/g, "The customer's")
    .replace(/\byour\b/g, "the customer's");
}
