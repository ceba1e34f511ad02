import { queryOptions } from '@tanstack/react-query';
import type { CouponSummary } from '~/shared/schemas/coupons';
import { api } from '~/web/lib/api-client';
import { checkoutKeys } from './get-quote';

/** The offers anyone may use now, listed under the coupon box. */
export const couponsQueryOptions = () =>
  queryOptions({
    queryKey: checkoutKeys.coupons(),
    queryFn: ({ signal }) => api<{ items: CouponSummary[] }>('/api/coupons', { signal }).then((r) => r.items),
    staleTime: 5 * 60_000,
  });
