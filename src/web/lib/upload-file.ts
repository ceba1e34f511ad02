import { ApiError, NETWORK_ERROR_MESSAGE } from '~/web/lib/api-client';

/**
 * Sends one file as the body of its own POST and reports how much has gone. `fetch` cannot report
 * upload progress over HTTP/1.1, so this uses XMLHttpRequest, the browser's API that can (decision
 * 16). A 201 answers with its JSON body; errors come back as the same ApiError the rest of the app
 * reads (a field error on `file` as the message, the words a person sees beside the file).
 */
export function uploadFile<T>(
  url: string,
  file: File,
  options: { onProgress: (fraction: number) => void; signal?: AbortSignal },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    // The server decides the type by decoding the file; this only has to be a type it reads as bytes.
    xhr.setRequestHeader('content-type', file.type.startsWith('image/') ? file.type : 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: { error?: { code: string; message: string; fields?: Record<string, string> } } = {};
      try {
        data = JSON.parse(xhr.responseText || '{}');
      } catch {
        data = {};
      }
      if (xhr.status === 201 && !data.error) {
        options.onProgress(1);
        resolve(data as T);
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
