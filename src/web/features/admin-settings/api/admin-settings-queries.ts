import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSettingsResponse, UpdateSettings } from '~/shared/schemas/settings';
import { api } from '~/web/lib/api-client';
import { settingsKeys } from '~/web/lib/shop-settings';

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.admin,
    queryFn: ({ signal }) => api<AdminSettingsResponse>('/api/admin/settings', { signal }),
  });

/** Saves every setting with the version the form was read at; the storefront's copy is refreshed. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettings) => api<AdminSettingsResponse>('/api/admin/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.admin, saved);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.public });
    },
  });
}
