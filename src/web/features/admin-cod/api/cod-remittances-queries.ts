import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodRemittancesResponse, UploadRemittance, UploadRemittanceResponse } from '~/shared/schemas/cod-remittances';
import { api } from '~/web/lib/api-client';

export const codRemittanceKeys = { all: ['admin', 'cod-remittances'] as const };

/** The couriers' latest remittances and what each still owes. */
export const codRemittancesQueryOptions = () =>
  queryOptions({
    queryKey: codRemittanceKeys.all,
    queryFn: ({ signal }) => api<CodRemittancesResponse>('/api/admin/cod-remittances', { signal }),
  });

/** Uploads a courier's remittance file: each row's outcome. */
export function useUploadRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadRemittance) => api<UploadRemittanceResponse>('/api/admin/cod-remittances', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codRemittanceKeys.all }),
  });
}
