import { pgView } from 'drizzle-orm/pg-core';
import { productImages } from '../schema/media';

/**
 * Published by the media module: a product's pictures as lists and pages show them (id, alt text,
 * size, position, the web address it was fetched from, the configuration it shows or null for the model's),
 * without where the file is stored.
 */
export const productImageDirectory = pgView('product_image_directory').as((qb) =>
  qb
    .select({
      id: productImages.id,
      productId: productImages.productId,
      position: productImages.position,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
      sourceUrl: productImages.sourceUrl,
      variantId: productImages.variantId,
    })
    .from(productImages),
);
