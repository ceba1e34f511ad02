import { DEFAULT_BUSINESS_LINE_QUANTITY, MAX_LINE_QUANTITY } from './constants';

/** How many of a product one order line may hold (decision 77): anyone, and a business buying with its GSTIN. */
export interface QuantityLimits {
  consumer: number;
  business: number;
}

/** A product's limits from its columns: unset, the shop's defaults; a business never gets less than a consumer. */
export function quantityLimitsOf(consumer: number | null, business: number | null): QuantityLimits {
  const c = consumer ?? MAX_LINE_QUANTITY;
  return { consumer: c, business: Math.max(c, business ?? DEFAULT_BUSINESS_LINE_QUANTITY) };
}

/** "Up to 5 per order; businesses up to 50", as the product page and the cart say it. */
export function quantityLimitText(limits: QuantityLimits): string {
  return limits.business > limits.consumer
    ? `Up to ${limits.consumer} per order; businesses up to ${limits.business}`
    : `Up to ${limits.consumer} per order`;
}

/** Why a line was refused or reduced: it names the line and the limit, and how to buy more. */
export function overLimitMessage(name: string, limits: QuantityLimits, asBusiness: boolean): string {
  if (asBusiness) return `A business can buy up to ${limits.business} of ${name} in one order. For more, request a quote on its page.`;
  const more = limits.business > limits.consumer ? ` (businesses up to ${limits.business})` : '';
  return `You can buy up to ${limits.consumer} of ${name} in one order${more}. For more, request a quote on its page.`;
}
