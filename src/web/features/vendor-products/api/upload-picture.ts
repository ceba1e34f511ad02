import type { ProductPicture } from '~/shared/schemas/vendor-products';
import { ApiError, NETWORK_ERROR_MESSAGE } from '~/web/lib/api-client';

/**
 * Sends one picture as the body of its own request and reports how much has gone. `fetch` cannot
 * report upload progress over HTTP/1.1, so this uses XMLHttpRequest, the browser's API that can
 * (decision 16). Errors come back as the same ApiError the rest of the app reads.
 */
export function uploadPicture(
  productId: string,
  file: File,
  options: { alt?: string; onProgress: (fraction: number) => void; signal?: AbortSignal },
): Promise<ProductPicture> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = options.alt ? `?alt=${encodeURIComponent(options.alt)}` : '';
    xhr.open('POST', `/api/vendor/products/${encodeURIComponent(productId)}/images${query}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    // The server decides the type by decoding the picture; this only has to be a type it reads as bytes.
    xhr.setRequestHeader('content-type', file.type.startsWith('image/') ? file.type : 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: { picture?: ProductPicture; error?: { code: string; message: string; fields?: Record<string, string> } } = {};
      try {
        data = JSON.parse(xhr.responseText || '{}');
      } catch {
        data = {};
      }
      if (xhr.status === 201 && data.picture) {
        options.onProgress(1);
        resolve(data.picture);
      } else if (data.error) {
        reject(new ApiError(xhr.status, data.error.code, data.error.fields?.file ?? data.error.message, data.error.fields ?? {}));
      } else {
        reject(new ApiError(xhr.status, 'INTERNAL', `The shop answered with an error (${xhr.status}). Please try again.`));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
