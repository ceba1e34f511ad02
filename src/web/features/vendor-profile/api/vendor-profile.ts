import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateVendorProfileInput, VendorProfileResponse } from '~/shared/schemas/vendor';
import { api } from '~/web/lib/api-client';

/** The signed-in vendor's profile (bank account masked) and its latest changes of bank account and GSTIN. */
export const vendorProfileQueryOptions = queryOptions({
  queryKey: ['vendor', 'profile'],
  queryFn: ({ signal }) => api<VendorProfileResponse>('/api/vendor/profile', { signal }),
});

/** Saves the whole profile as typed (the server checks it again); the answer, masked again, replaces the cached one. */
export function useSaveVendorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateVendorProfileInput) => api<VendorProfileResponse>('/api/vendor/profile', { method: 'PUT', body: values }),
    onSuccess: (saved) => queryClient.setQueryData(vendorProfileQueryOptions.queryKey, saved),
  });
}
