import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EInvoicingSetting } from '~/shared/schemas/einvoices';
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

/** From which invoice date e-invoicing applies to the seller (decision 76); null when it does not. */
export const eInvoicingQueryOptions = queryOptions({
  queryKey: ['vendor', 'profile', 'e-invoicing'],
  queryFn: ({ signal }) => api<EInvoicingSetting>('/api/vendor/profile/e-invoicing', { signal }),
});

export function useSaveEInvoicing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EInvoicingSetting) => api<EInvoicingSetting>('/api/vendor/profile/e-invoicing', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(eInvoicingQueryOptions.queryKey, saved),
  });
}
