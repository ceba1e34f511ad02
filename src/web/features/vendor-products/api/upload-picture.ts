import type { ProductPicture } from '~/shared/schemas/vendor-products';
import { uploadFile } from '~/web/lib/upload-file';

/** Sends one picture of a product as the body of its own request, reporting its progress (see uploadFile). */
export async function uploadPicture(
  productId: string,
  file: File,
  options: { alt?: string; onProgress: (fraction: number) => void; signal?: AbortSignal },
): Promise<ProductPicture> {
  const query = options.alt ? `?alt=${encodeURIComponent(options.alt)}` : '';
  const url = `/api/vendor/products/${encodeURIComponent(productId)}/images${query}`;
  return (await uploadFile<{ picture: ProductPicture }>(url, file, options)).picture;
}
