import type { OrderLineInput } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { QuotesService } from '../quotes/quotes.service';
import { offerOf, type CartTerms } from './cart-pricing';

/** What the checkout asks of a request that pays a quote (decision 77). */
export interface QuotedRequest {
  items: OrderLineInput[];
  businessId?: string;
  couponCode?: string;
  quoteId?: string;
}

const dayOf = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(d);

/**
 * The terms a cart is bought on (decision 77): as a business when one is chosen (its higher limits), and when it pays
 * a quote, the quote's one line at its quantity and unit price. A quote is paid on its own (one line, its product,
 * offer and quantity), for the business it was asked for, without a coupon, while it is answered and unexpired;
 * otherwise 404 (not the customer's), 400 (the request does not match it) or 409 (declined, used, expired).
 */
export async function cartTermsOf(
  quotes: Pick<QuotesService, 'forCheckout'>,
  tx: Executor,
  userId: string,
  input: QuotedRequest,
  now: Date,
): Promise<CartTerms> {
  const asBusiness = input.businessId !== undefined;
  if (input.quoteId === undefined) return { asBusiness };
  const quote = await quotes.forCheckout(tx, userId, input.quoteId, now);
  if (!quote) throw new AppError('NOT_FOUND', 'This quote is not in your account.', { fields: { quoteId: 'Choose one of your quotes' } });
  const refuse = (message: string) => new AppError('CONFLICT', message, { fields: { quoteId: message } });
  if (quote.status === 'requested') throw refuse('The seller has not answered this quote yet.');
  if (quote.status === 'declined') throw refuse('The seller declined this quote.');
  if (quote.status === 'ordered') throw refuse('This quote was already used for an order. Ask the seller for a new one.');
  if (quote.status === 'expired') throw refuse(`This quote expired on ${dayOf(quote.validUntil!)}. Ask the seller for a new one.`);
  const [line] = input.items;
  if (
    input.items.length !== 1 ||
    !line ||
    line.productId !== quote.productId ||
    offerOf(line) !== quote.offerId ||
    line.quantity !== quote.quantity
  ) {
    const message = `A quote is paid on its own: ${quote.quantity} of the product it was asked for, and nothing else.`;
    throw new AppError('VALIDATION', message, { fields: { items: message } });
  }
  if (quote.askedAsBusiness && (quote.businessId === null || input.businessId !== quote.businessId)) {
    const message =
      quote.businessId === null
        ? 'The business this quote was asked for is no longer in your account. Ask the seller for a new quote.'
        : 'Buy this quote for the business it was asked for.';
    throw new AppError('VALIDATION', message, { fields: { businessId: message } });
  }
  if (!quote.askedAsBusiness && input.businessId !== undefined) {
    const message = 'This quote was asked for without a business: ask for a new one for your business.';
    throw new AppError('VALIDATION', message, { fields: { businessId: message } });
  }
  if (input.couponCode !== undefined) {
    const message = 'Coupons do not apply to a quoted price.';
    throw new AppError('VALIDATION', message, { fields: { couponCode: message } });
  }
  return {
    asBusiness,
    quoted: { productId: quote.productId, offerId: quote.offerId, quantity: quote.quantity, unitPricePaise: quote.unitPricePaise! },
  };
}
