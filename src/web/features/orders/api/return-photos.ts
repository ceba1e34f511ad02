import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnPhoto } from '~/shared/schemas/return-photos';
import { api } from '~/web/lib/api-client';
import { uploadFile } from '~/web/lib/upload-file';
import { orderKeys } from './order-queries';

const photosPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/return-photos`;

/** The customer's photos of an order uploaded for a return not sent yet (decision 50). */
export const pendingReturnPhotosQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...orderKeys.detail(orderId), 'return-photos'] as const,
    queryFn: ({ signal }) => api<{ photos: ReturnPhoto[] }>(photosPath(orderId), { signal }).then((r) => r.photos),
  });

/** Sends one photo for the return of an order, with its progress; it joins the pending photos when kept. */
export function useUploadReturnPhoto(orderId: string) {
  const client = useQueryClient();
  const key = pendingReturnPhotosQuery(orderId).queryKey;
  return async (file: File, onProgress: (fraction: number) => void) => {
    const { photo } = await uploadFile<{ photo: ReturnPhoto }>(photosPath(orderId), file, { onProgress });
    client.setQueryData<ReturnPhoto[]>(key, (current) => [...(current ?? []), photo]);
  };
}

/** Removes one of the pending photos. */
export function useRemoveReturnPhoto(orderId: string) {
  const client = useQueryClient();
  const key = pendingReturnPhotosQuery(orderId).queryKey;
  return useMutation({
    mutationFn: (photoId: string) => api<void>(`${photosPath(orderId)}/${encodeURIComponent(photoId)}`, { method: 'DELETE' }),
    onSuccess: (_void, photoId) => client.setQueryData<ReturnPhoto[]>(key, (current) => current?.filter((p) => p.id !== photoId)),
  });
}
