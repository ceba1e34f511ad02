import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import type { AuditService } from '../modules/audit/audit.service';
import type { MediaService } from '../modules/media/media.service';
import type { ProductConfigurationsService } from '../modules/products/configurations.service';
import type { ProductsAdminService } from '../modules/products/products.admin.service';
import type { VendorProductsService } from '../modules/products/products.vendor.service';

/** A picture as the media module's service gives it. */
type ProductImageRow = Awaited<ReturnType<MediaService['picturesOf']>>[number];

export const PICTURE_NOT_FOUND = 'This picture was not found on this product.';

/**
 * An admin marks a picture of any seller's product as showing one of its configurations, or the model (null),
 * as the seller centre does (decision 70): the picture changes and an audit entry `product.update` (its actor the
 * admin) names the picture and both configurations, in one transaction. A configuration of another product is a
 * 400 naming the field; an unknown product or picture a 404. Setting what is already set writes nothing.
 */
export function createPictureConfiguration(deps: {
  db: Database;
  media: Pick<MediaService, 'picturesOf' | 'setPictureVariant'>;
  configurations: Pick<ProductConfigurationsService, 'getAsAdmin'>;
  productsAdmin: Pick<ProductsAdminService, 'meta'>;
  products: Pick<VendorProductsService, 'picturesChanged'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, media, configurations, productsAdmin, products, audit } = deps;

  return {
    async setAsAdmin(productId: string, imageId: string, variantId: string | null): Promise<ProductImageRow> {
      // The product (404 when unknown), its configurations and their labels, and its seller.
      const grid = await configurations.getAsAdmin(productId);
      const { vendor } = await productsAdmin.meta(productId);
      const labelOf = (id: string | null) => (id === null ? null : (grid.configurations.find((c) => c.variantId === id)?.label ?? id));
      if (variantId !== null && !grid.configurations.some((c) => c.variantId === variantId)) {
        throw new AppError('VALIDATION', `Choose one of the configurations of ${grid.productName}.`, {
          fields: { variantId: 'Choose one of this product’s configurations' },
        });
      }
      const { row, changed } = await db.transaction(async (tx) => {
        const before = (await media.picturesOf(productId, tx)).find((p) => p.id === imageId);
        if (!before) throw new AppError('NOT_FOUND', PICTURE_NOT_FOUND);
        if (before.variantId === variantId) return { row: before, changed: false };
        const after = await media.setPictureVariant(productId, imageId, variantId, tx);
        if (!after) throw new AppError('NOT_FOUND', PICTURE_NOT_FOUND);
        const label = labelOf(variantId);
        await audit.record(tx, {
          action: 'product.update',
          entityType: 'product',
          entityId: productId,
          vendorId: vendor.id,
          summary:
            label === null
              ? `Showed a picture of ${grid.productName} for all its configurations`
              : `Showed a picture of ${grid.productName} for its configuration ${label}`,
          before: { picture: imageId, variantId: before.variantId, configuration: labelOf(before.variantId) },
          after: { picture: imageId, variantId, configuration: label },
        });
        return { row: after, changed: true };
      });
      // Its cards and page show it at once.
      if (changed) await products.picturesChanged(vendor.id, productId);
      return row;
    },
  };
}

export type PictureConfiguration = ReturnType<typeof createPictureConfiguration>;
