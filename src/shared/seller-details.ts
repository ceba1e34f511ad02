/**
 * What the marketplace discloses on a product page (decision 73): Consumer Protection (E-Commerce) Rules 2020,
 * rules 5 and 6 (the seller's legal name, address, customer-care contact, rating, return and warranty terms) and
 * the Legal Metrology (Packaged Commodities) Rules 2011 (country of origin; manufacturer, or importer when made
 * abroad). One place for the words, so the server's answer and the page say the same.
 */

/** A seller with fewer reviews than this from buyers of delivered orders is "New seller" (no average shown). */
export const SELLER_RATING_MIN_REVIEWS = 3;

/** What the page says of a detail a seller has not given yet (products listed before the rule). */
export const NOT_STATED = 'Not stated by the seller';

/** "Manufacturer" for a product made in India; "Importer" for one made abroad (Legal Metrology rule 6(1)(a)). */
export function makerRoleOf(country: string | null | undefined): 'Manufacturer' | 'Importer' {
  return !country || /^\s*india\s*$/i.test(country) ? 'Manufacturer' : 'Importer';
}

/** The shop's return terms, in the words every product page shows. */
export function returnTermsOf(windowDays: number): string {
  if (windowDays <= 0) return 'Not returnable once delivered, except when it arrives damaged, defective or not as described';
  return `Returnable within ${windowDays} day${windowDays === 1 ? '' : 's'} of delivery`;
}

/** A seller's rating as the page reads it: "4.3 out of 5 from 12 buyers' reviews", or "New seller". */
export function sellerRatingText(rating: { average: number; reviews: number } | null): string {
  if (!rating) return 'New seller';
  return `${rating.average.toFixed(1)} out of 5 from ${rating.reviews.toLocaleString('en-IN')} buyers’ reviews`;
}

/** Countries the product form suggests (any other may be typed). */
export const COMMON_ORIGIN_COUNTRIES = [
  'India',
  'China',
  'Taiwan',
  'Vietnam',
  'Malaysia',
  'Thailand',
  'Philippines',
  'South Korea',
  'Japan',
  'Mexico',
  'United States',
] as const;
