import { queryOptions } from '@tanstack/react-query';
import type { VendorProfile } from '~/shared/schemas/vendor';
import { api } from '~/web/lib/api-client';

export const ownVendorQueryOptions = queryOptions({
  queryKey: ['vendor', 'me'],
  queryFn: ({ signal }) => api<{ vendor: VendorProfile }>('/api/vendors/me', { signal }).then((r) => r.vendor),
});
