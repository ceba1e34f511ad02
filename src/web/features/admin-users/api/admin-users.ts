import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountStandingResponse, AdminUserDetail, AdminUsersQuery, AdminUsersResponse } from '~/shared/schemas/auth';
import type { ResendVerificationResponse, VendorDecision } from '~/shared/schemas/vendor';
import { api } from '~/web/lib/api-client';
import { queryString } from '~/web/lib/query-string';

export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  list: (q: AdminUsersQuery) => [...adminUsersKeys.all, 'list', q] as const,
  detail: (id: string) => [...adminUsersKeys.all, 'detail', id] as const,
};

export const adminUsersQueryOptions = (q: AdminUsersQuery) =>
  queryOptions({
    queryKey: adminUsersKeys.list(q),
    queryFn: ({ signal }) => api<AdminUsersResponse>(`/api/admin/users${queryString(q)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminUsersKeys.detail(id),
    queryFn: ({ signal }) => api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, { signal }),
  });

export const useAdminUsers = (q: AdminUsersQuery) => useQuery(adminUsersQueryOptions(q));
export const useAdminUser = (id: string) => useQuery(adminUserQueryOptions(id));

/** The CSV of every account the list's filter finds (the page is not sent). */
export function usersCsvHref(q: AdminUsersQuery): string {
  const { page: _page, pageSize: _pageSize, ...filter } = q;
  return `/api/admin/users/export.csv${queryString(filter)}`;
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  // The dashboard's counts and the audit log change too.
  return () => queryClient.invalidateQueries({ queryKey: ['admin'] });
}

/** Suspends or reactivates an account, with the reason. */
export function useAccountStanding() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ uid, action, reason }: { uid: string; action: 'suspend' | 'reactivate'; reason: string }) =>
      api<AccountStandingResponse>(`/api/admin/users/${encodeURIComponent(uid)}/${action}`, { method: 'POST', body: { reason } }),
    onSettled: invalidate,
  });
}

/** Approves, rejects, suspends or reinstates a vendor (a reason for reject and suspend). */
export function useVendorDecision() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ vendorId, decision, reason }: { vendorId: string; decision: VendorDecision; reason?: string }) =>
      api<{ id: string; status: string }>(`/api/admin/vendors/${encodeURIComponent(vendorId)}/decision`, {
        method: 'POST',
        body: reason ? { decision, reason } : { decision },
      }),
    onSettled: invalidate,
  });
}

/** Marks a seller trusted (its new products skip the review queue, decision 70) or takes the mark away; audited. */
export function useVendorTrust() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ vendorId, trusted }: { vendorId: string; trusted: boolean }) =>
      api<{ id: string; trusted: boolean }>(`/api/admin/vendors/${encodeURIComponent(vendorId)}/trust`, {
        method: 'PUT',
        body: { trusted },
      }),
    onSettled: invalidate,
  });
}

/** Sends a pending vendor's owner a new e-mail verification link (the audit log records it). */
export function useResendVendorVerification() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ vendorId }: { vendorId: string }) =>
      api<ResendVerificationResponse>(`/api/admin/vendors/${encodeURIComponent(vendorId)}/resend-verification`, { method: 'POST' }),
    onSettled: invalidate,
  });
}
