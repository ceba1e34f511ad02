import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '~/shared/schemas/settings';
import { api } from './api-client';

export const settingsKeys = {
  public: ['settings', 'public'] as const,
  admin: ['admin', 'settings'] as const,
};

/** What the storefront shows of the shop's settings (delivery charges, COD limit, return window). */
export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.public,
    queryFn: ({ signal }) => api<PublicSettings>('/api/settings', { signal }),
    staleTime: 60_000,
  });

/** The return window in force (days); the default of a new shop until the settings arrive. */
export function useReturnWindowDays(): number {
  return useQuery(publicSettingsQueryOptions()).data?.returnWindowDays ?? 7;
}
