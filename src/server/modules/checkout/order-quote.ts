import { configurationName } from '~/shared/catalogue';
import { deliveryWindow, deliveryZone } from '~/shared/delivery';
import { gstCodeOfState } from '~/shared/india';
import { EMI_MIN_AMOUNT_PAISE, emiPlans } from '~/shared/emi';
import { PricingError, shippingFor, type CouponRule, type DeliveryOption, type PricedOrder } from '~/shared/pricing';
import type { OrderLineInput, QuoteResponse } from '~/shared/schemas/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AddressesService } from '../addresses/addresses.service';
import type { BusinessesService } from '../addresses/businesses.service';
import type { InventoryService } from '../catalogue/inventory.service';
import type { CouponsService } from '../coupons/coupons.service';
import type { SettingsService } from '../settings/settings.service';
import type { QuotesService } from '../quotes/quotes.service';
import type { CartDeliveryCheck } from './cart-delivery';
import { codVerdict, priceLines, readCart, unitPriceOf } from './cart-pricing';
import { cartTermsOf } from './quoted-line';

export interface QuoteDeps {
  db: Database;
  inventory: Pick<InventoryService, 'productsForCheckout' | 'mergedProducts'>;
  coupons: Pick<CouponsService, 'check'>;
  addresses: Pick<AddressesService, 'findOwn'>;
  businesses: Pick<BusinessesService, 'findOwn'>;
  settings: Pick<SettingsService, 'current'>;
  /** Reads only: a quote the customer pays (decision 77). */
  quotes: Pick<QuotesService, 'forCheckout'>;
  /** Delivery to the PIN as the courier answers it (decision 80); the shop's table alone without it. */
  delivery?: CartDeliveryCheck;
}

/** The order as it would be placed now, priced from the database; nothing is reserved. */
export async function quoteOrder(
  deps: QuoteDeps,
  userId: string,
  input: {
    items: OrderLineInput[];
    addressId?: string;
    businessId?: string;
    delivery: DeliveryOption;
    couponCode?: string;
    quoteId?: string;
  },
  now = new Date(),
): Promise<QuoteResponse> {
  const { db } = deps;
  const settings = await deps.settings.current();
  const address = input.addressId ? await deps.addresses.findOwn(userId, input.addressId) : undefined;
  if (input.addressId && !address) {
    throw new AppError('NOT_FOUND', 'This address is not in your address book.', {
      fields: { addressId: 'Choose an address from your address book' },
    });
  }
  const business = input.businessId ? await deps.businesses.findOwn(userId, input.businessId) : undefined;
  if (input.businessId && !business) {
    throw new AppError('NOT_FOUND', 'This business is not in your account.', {
      fields: { businessId: 'Choose one of your businesses' },
    });
  }
  const terms = await cartTermsOf(deps.quotes, db, userId, input, now);
  const cart = await readCart(deps.inventory, db, input.items, terms);
  // The place of supply (decision 71): a business's GSTIN state, else the delivery address's. Before either
  // is chosen, the seller's own state stands in (GST is then shown as one figure).
  const supplyState = business?.billingAddress.state ?? address?.state;
  const deliveryState = supplyState ?? cart.lines[0]?.product.seller_state ?? 'Maharashtra';
  let coupon: QuoteResponse['coupon'] = null;
  let couponError: string | null = null;
  let rule: CouponRule | null = null;
  if (input.couponCode) {
    const verdict = await deps.coupons.check(db, input.couponCode, userId, now);
    if ('error' in verdict) couponError = verdict.error;
    else rule = verdict.rule;
    if (rule) coupon = { code: rule.code, description: 'description' in verdict ? verdict.description : '', discountPaise: 0 };
  }
  let priced: PricedOrder | null = null;
  if (cart.lines.length > 0) {
    try {
      priced = priceLines(cart.lines, deliveryState, input.delivery, rule, settings.shipping);
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
      couponError = error.message;
      coupon = null;
      priced = priceLines(cart.lines, deliveryState, input.delivery, null, settings.shipping);
    }
  }
  if (coupon && priced) coupon.discountPaise = priced.discountPaise;
  const zone = address ? deliveryZone(address.pinCode) : null;
  const delivery =
    address && priced && deps.delivery
      ? await deps.delivery.forCart(cart.lines, priced, address.pinCode, settings.codLimitPaise, now)
      : null;
  const payable = priced ? priced.subtotalPaise - priced.discountPaise : 0;
  const deliveryChoices = (['standard', 'express'] as const).map((option) => {
    const window = delivery?.windows?.[option] ?? (zone ? deliveryWindow(zone, option, now) : { expectedFrom: '', expectedBy: '' });
    return {
      option,
      pricePaise: shippingFor(option, payable, settings.shipping),
      ...window,
    };
  });
  const total = priced?.totalPaise ?? 0;
  return {
    lines: cart.lines.map((l, i) => {
      const p = priced!.lines[i]!;
      return {
        productId: l.product.id,
        name: configurationName(l.product.name, l.product.variant_options, l.product.option_keys),
        brand: l.product.brand,
        category: l.product.category,
        hsnCode: l.product.hsn_code,
        image: l.product.image_id
          ? {
              id: l.product.image_id,
              alt: l.product.image_alt ?? l.product.name,
              width: l.product.image_width ?? 1200,
              height: l.product.image_height ?? 900,
            }
          : null,
        quantity: l.quantity,
        unitPricePaise: unitPriceOf(l),
        lineTotalPaise: p.lineTotalPaise,
        discountPaise: p.discountPaise,
        sellerName: l.product.seller_name,
        sellerState: l.product.seller_state,
        taxablePaise: p.taxablePaise,
        gstRateBp: p.gstRateBp,
        cgstPaise: p.cgstPaise,
        sgstPaise: p.sgstPaise,
        igstPaise: p.igstPaise,
      };
    }),
    problems: cart.problems,
    totals: {
      subtotalPaise: priced?.subtotalPaise ?? 0,
      discountPaise: priced?.discountPaise ?? 0,
      shippingPaise: priced?.shippingPaise ?? 0,
      totalPaise: total,
      gstPaise: priced?.gstPaise ?? 0,
      cgstPaise: priced?.cgstPaise ?? 0,
      sgstPaise: priced?.sgstPaise ?? 0,
      igstPaise: priced?.igstPaise ?? 0,
    },
    intraState: supplyState && priced ? priced.intraState : null,
    placeOfSupply: supplyState ? { state: supplyState, code: gstCodeOfState(supplyState) ?? '' } : null,
    coupon,
    couponError,
    deliveryChoices,
    freeShippingAtPaise: settings.shipping.freeShippingAtPaise,
    cod: codVerdict(total, address?.pinCode ?? null, settings.codLimitPaise, delivery?.codAllowed),
    emiPlans: total >= EMI_MIN_AMOUNT_PAISE ? emiPlans(total) : [],
    delivery: delivery && deps.delivery ? deps.delivery.quoteOf(delivery) : null,
  };
}
