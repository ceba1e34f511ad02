import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductPicture } from '~/shared/schemas/vendor-products';
import { api } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { adminProductKeys } from './admin-products-queries';

const url = (id: string) => `/api/admin/products/${encodeURIComponent(id)}/images`;
const key = (id: string) => [...adminProductKeys.one(id), 'pictures'] as const;

/** Any product's pictures with the configuration each shows (asked only for a product of several configurations). */
export const useAdminPictures = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: key(id),
    queryFn: ({ signal }) => api<{ pictures: ProductPicture[] }>(url(id), { signal }).then((r) => r.pictures),
    enabled,
  });

/** Marks a picture as one configuration's, or every configuration's (null), audited as the admin's. */
export function useSetAdminPictureConfiguration(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, variantId }: { imageId: string; variantId: string | null }) =>
      api<{ picture: ProductPicture }>(`${url(id)}/${encodeURIComponent(imageId)}`, { method: 'PUT', body: { variantId } }).then(
        (r) => r.picture,
      ),
    meta: CHANGES_CATALOGUE,
    onSuccess: (saved) => {
      queryClient.setQueryData<ProductPicture[]>(key(id), (current) => current?.map((p) => (p.id === saved.id ? saved : p)));
    },
  });
}
