import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditQuery, AuditResponse, AuditVerifyResponse } from '~/shared/schemas/audit';
import { api } from '~/web/lib/api-client';

export type AuditFilter = Partial<AuditQuery>;

/** One page of the audit log for the filter in the address. */
export const auditQueryOptions = (filter: AuditFilter) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return queryOptions({
    queryKey: ['admin', 'audit', filter] as const,
    queryFn: ({ signal }) => api<AuditResponse>(`/api/admin/audit${qs ? `?${qs}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

/** Walks the hash chain now: run on demand ("Check the chain"), never cached. */
export const checkAuditChain = () => api<AuditVerifyResponse>('/api/admin/audit/verify');
