import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCoupon,
  AdminCouponsQuery,
  AdminCouponsResponse,
  CouponRedemptionsResponse,
  CouponVendors,
  CreateCoupon,
  UpdateCoupon,
} from '~/shared/schemas/coupons';
import { api } from '~/web/lib/api-client';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { queryString } from '~/web/lib/query-string';

export type CouponsFilter = Partial<AdminCouponsQuery>;

const couponKeys = {
  all: ['admin', 'coupons'] as const,
  list: (filter: CouponsFilter) => [...couponKeys.all, 'list', filter] as const,
  redemptions: (code: string, page: number) => [...couponKeys.all, 'redemptions', code, page] as const,
  vendors: () => [...couponKeys.all, 'vendors'] as const,
};

const path = (code: string) => `/api/admin/coupons/${encodeURIComponent(code)}`;

/** One page of coupons for the list state in the address. */
export const couponsQueryOptions = (filter: CouponsFilter) => {
  return queryOptions({
    queryKey: couponKeys.list(filter),
    queryFn: ({ signal }) => api<AdminCouponsResponse>(`/api/admin/coupons${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

/** One page of a coupon's redemptions, newest first. */
export const redemptionsQueryOptions = (code: string, page: number, pageSize = 10) =>
  queryOptions({
    queryKey: couponKeys.redemptions(code, page),
    queryFn: ({ signal }) => api<CouponRedemptionsResponse>(`${path(code)}/redemptions?page=${page}&pageSize=${pageSize}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** Sellers a coupon may be limited to. */
export const couponVendorsQueryOptions = () =>
  queryOptions({
    queryKey: couponKeys.vendors(),
    queryFn: ({ signal }) => api<CouponVendors>('/api/admin/coupons/vendors', { signal }).then((r) => r.items),
    staleTime: 5 * 60_000,
  });

type Saved = { coupon: AdminCoupon };

/** Creates a coupon, or saves an existing one's rules (`code` names it). */
export function useSaveCoupon(code: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCoupon | UpdateCoupon) =>
      (code === null ? api<Saved>('/api/admin/coupons', { method: 'POST', body }) : api<Saved>(path(code), { method: 'PUT', body })).then(
        (r) => r.coupon,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

export type CouponStep = 'pause' | 'resume' | 'expire';

/**
 * Pauses, resumes or ends a coupon now. The lists are not waited for: in a list filtered by status
 * the coupon leaves its row, whose buttons (and End now's dialog) would unmount before the toast.
 */
export function useCouponStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, step }: { code: string; step: CouponStep }) =>
      api<Saved>(`${path(code)}/${step}`, { method: 'POST' }).then((r) => r.coupon),
    onSettled: refetchWithoutWaiting(queryClient, couponKeys.all),
  });
}
