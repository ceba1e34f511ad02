import type { DeliveryEstimate } from '~/shared/schemas/catalogue';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { SettingsService } from '../settings/settings.service';
import { windowOf, type ServiceabilityService } from './serviceability';

/**
 * The product page's PIN check (decision 80): the catalogue's answer (the PIN checked, its region, the stock),
 * with the days and cash on delivery of the courier's answer for one unit from the product's seller, through
 * the same serviceability as checkout. Without a product, or when the courier does not answer, the table's.
 */
export function createProductDelivery(deps: {
  catalogue: Pick<CatalogueService, 'deliveryEstimate' | 'productPage'>;
  serviceability: Pick<ServiceabilityService, 'forProduct'>;
  settings: Pick<SettingsService, 'current'>;
}) {
  return async function deliveryEstimate(pin: string, productId: string | undefined, now = new Date()): Promise<DeliveryEstimate> {
    const table = await deps.catalogue.deliveryEstimate(pin, productId, now);
    if (!productId) return table;
    const { codLimitPaise } = await deps.settings.current();
    // The product's own offer: its seller and price, as the catalogue shows the page (none for a product off sale).
    const page = await deps.catalogue.productPage(productId).catch(() => null);
    if (!page) return table;
    const { vendor, pricePaise } = page.product;
    const answer = await deps.serviceability.forProduct(pin, { id: productId, vendorId: vendor.id, pricePaise }, codLimitPaise);
    if (answer.source === 'table') return table;
    if (!answer.serviceable || !answer.standard) {
      const from = answer.from ? ` from ${answer.from.city}` : '';
      return { ...table, serviceable: false, codAvailable: false, message: `We can't deliver to ${pin} yet: no courier serves it${from}.` };
    }
    const { expectedFrom, expectedBy } = windowOf(answer.standard, now);
    const cod = answer.codAllowed ? ' Cash on delivery available.' : ' Prepaid orders only for this PIN code.';
    return {
      ...table,
      minDays: answer.standard.minDays,
      maxDays: answer.standard.maxDays,
      earliest: expectedFrom,
      latest: expectedBy,
      codAvailable: answer.codAllowed,
      estimate: false,
      message: table.inStock
        ? `Delivery to ${table.region} in ${answer.standard.minDays}–${answer.standard.maxDays} working days.${cod}`
        : table.message,
    };
  };
}
