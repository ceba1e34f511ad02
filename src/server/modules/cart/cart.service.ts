import { PRICING, shippingFor, splitGst } from '~/shared/pricing';
import type { CartCheckedLine, CartCheckRequest, CartCheckResponse } from '~/shared/schemas/cart';
import type { ProductCard } from '~/shared/schemas/catalogue';
import { configurationName, stockStatus } from '~/shared/catalogue';
import { overLimitMessage, quantityLimitsOf } from '~/shared/quantity-limits';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { InventoryService, ProductForCheckout } from '../catalogue/inventory.service';
import type { SettingsService } from '../settings/settings.service';

/**
 * Compares one stored cart line with the product as it is now. A line that is both re-priced and
 * short of stock reports `quantity_reduced` and still carries the old and new price.
 */
function checkLine(line: CartLineAsked, card: ProductCard | undefined): CartCheckedLine {
  const base = { productId: line.productId, ...(line.offerId ? { offerId: line.offerId } : {}), quantity: line.quantity };
  if (!card) return { ...base, status: 'unavailable', product: null, lineTotalPaise: 0 };
  const product = {
    id: card.id,
    name: card.name,
    brand: card.brand,
    image: card.image,
    pricePaise: card.pricePaise,
    mrpPaise: card.mrpPaise,
    stock: card.stock,
    stockStatus: card.stockStatus,
  };
  if (card.stock <= 0) return { ...base, status: 'out_of_stock', product, lineTotalPaise: 0 };
  const priceChanged = card.pricePaise !== line.pricePaise;
  const prices = priceChanged ? { oldPricePaise: line.pricePaise, newPricePaise: card.pricePaise } : {};
  const buyable = Math.min(line.quantity, card.stock);
  const lineTotalPaise = card.pricePaise * buyable;
  if (card.stock < line.quantity) {
    return { ...base, status: 'quantity_reduced', product, ...prices, availableQuantity: card.stock, lineTotalPaise };
  }
  return { ...base, status: priceChanged ? 'price_changed' : 'ok', product, ...prices, lineTotalPaise };
}

type CartLineAsked = Pick<CartCheckRequest['items'][number], 'productId' | 'offerId' | 'quantity' | 'pricePaise'>;

/**
 * A line naming a product an admin merged into another (decision 70) as the product kept: the offer it bought
 * moved there with its configuration (none named when it is the kept product's own).
 */
function asListedNow<L extends CartLineAsked>(line: L, moved: ReadonlyMap<string, { into: string }>): L {
  const into = moved.get(line.productId)?.into;
  if (!into) return line;
  const { offerId: _offerId, ...rest } = line;
  const offerId = line.offerId ?? line.productId;
  return (offerId === into ? { ...rest, productId: into } : { ...rest, productId: into, offerId }) as L;
}

/**
 * The line within the product's limit for the buyer (decision 77): every line that can be bought carries the limits;
 * one above its limit is reduced to it (or to the stock, when less), with the words that say so.
 */
function withinLimit(checked: CartCheckedLine, offer: ProductForCheckout | undefined, asBusiness: boolean): CartCheckedLine {
  if (!checked.product || !offer) return checked;
  const limits = quantityLimitsOf(offer.max_consumer_quantity, offer.max_business_quantity);
  const limited = { ...checked, limits };
  if (checked.status === 'out_of_stock' || checked.status === 'unavailable') return limited;
  const limit = asBusiness ? limits.business : limits.consumer;
  const buyable = checked.availableQuantity ?? checked.quantity;
  if (buyable <= limit) return limited;
  return {
    ...limited,
    status: 'quantity_reduced',
    availableQuantity: limit,
    lineTotalPaise: checked.product.pricePaise * limit,
    limitMessage: overLimitMessage(checked.product.name, limits, asBusiness),
  };
}

/** Whether a line names another seller's offer than its product's own (decision 70). */
const namesOtherOffer = (line: CartLineAsked): line is CartLineAsked & { offerId: string } =>
  line.offerId !== undefined && line.offerId !== line.productId;

/**
 * The product's card as the line buys it: for another seller's offer, that offer's price, stock and
 * seller (none when it is not an offer of this product or cannot be bought).
 */
function cardOfOffer(card: ProductCard | undefined, offer: ProductForCheckout | undefined, productId: string): ProductCard | undefined {
  if (!card || !offer || offer.id !== productId || !offer.on_sale) return undefined;
  return {
    ...card,
    // The configuration bought names the line, as the product page's Add to cart names it.
    name: configurationName(card.name, offer.variant_options, offer.option_keys),
    pricePaise: offer.price_paise,
    mrpPaise: offer.mrp_paise,
    stock: offer.stock,
    stockStatus: stockStatus(offer.stock),
  };
}

export function createCartService(deps: {
  catalogueService: CatalogueService;
  /** Other sellers' offers a cart names: their price, stock and seller. */
  inventory: Pick<InventoryService, 'productsForCheckout' | 'mergedProducts'>;
  settings: Pick<SettingsService, 'current'>;
}) {
  const { catalogueService } = deps;
  return {
    /**
     * Checks a cart kept in the browser against the catalogue: every line gets its current card
     * and a status, and the totals are worked out from the database prices only (the client's
     * price is compared, never charged). Lines that cannot be bought count for nothing; a reduced
     * line counts at the quantity in stock. GST is the amount contained in the prices (no delivery
     * state yet, so one IGST-style figure); shipping is standard delivery at the shop's settings.
     */
    async check(request: CartCheckRequest): Promise<CartCheckResponse> {
      // A line naming a product an admin merged into another buys the same offer, which moved to the product kept.
      const moved = await deps.inventory.mergedProducts([...new Set(request.items.map((i) => i.productId))]);
      const items = request.items.map((line) => asListedNow(line, moved));
      const ids = [...new Set(items.map((i) => i.productId))];
      // Every line's offer: another seller's price, stock and seller, and every product's quantity limits (decision 77).
      const offerIds = [...new Set(items.map((i) => i.offerId ?? i.productId))];
      const [found, offerRows, { shipping }] = await Promise.all([
        catalogueService.byIds(ids),
        deps.inventory.productsForCheckout(offerIds),
        deps.settings.current(),
      ]);
      const cards = new Map(found.map((c) => [c.id, c]));
      const offers = new Map(offerRows.map((o) => [o.offer_id, o]));
      const lines = items.map((line, index): CartCheckedLine => {
        const checked = withinLimit(
          (() => {
            if (!namesOtherOffer(line)) return checkLine(line, cards.get(line.productId));
            const offer = offers.get(line.offerId);
            const result = checkLine(line, cardOfOffer(cards.get(line.productId), offer, line.productId));
            return offer && result.product ? { ...result, sellerName: offer.seller_name } : result;
          })(),
          offers.get(line.offerId ?? line.productId),
          request.asBusiness === true,
        );
        const asked = request.items[index]!;
        const from = moved.get(asked.productId);
        if (!from) return checked;
        // Answered under the ids the browser sent (it finds its line by them), with the ids to keep from now on.
        const { productId: _kept, offerId: _offer, ...rest } = checked;
        const sent = { productId: asked.productId, ...(asked.offerId ? { offerId: asked.offerId } : {}) };
        if (!checked.product) return { ...rest, ...sent };
        return {
          ...rest,
          ...sent,
          listedAs: {
            productId: line.productId,
            ...(line.offerId ? { offerId: line.offerId } : {}),
            message: `${from.name} is now listed as ${checked.product.name}.`,
          },
        };
      });

      let itemCount = 0;
      let subtotalPaise = 0;
      let gstIncludedPaise = 0;
      for (const line of lines) {
        const card = line.product ? cards.get(line.listedAs?.productId ?? line.productId) : undefined;
        if (!card || line.lineTotalPaise === 0) continue;
        itemCount += line.availableQuantity ?? line.quantity;
        subtotalPaise += line.lineTotalPaise;
        gstIncludedPaise += splitGst(line.lineTotalPaise, PRICING.gstRateBp[card.category], false).igstPaise;
      }
      const shippingPaise = subtotalPaise === 0 ? 0 : shippingFor('standard', subtotalPaise, shipping);
      return {
        lines,
        totals: {
          itemCount,
          subtotalPaise,
          gstIncludedPaise,
          shippingPaise,
          totalPaise: subtotalPaise + shippingPaise,
          freeShippingShortfallPaise: shippingPaise === 0 ? 0 : Math.max(0, shipping.freeShippingAtPaise - subtotalPaise),
        },
      };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
