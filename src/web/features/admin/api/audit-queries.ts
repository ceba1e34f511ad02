import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditQuery, AuditResponse, AuditVerifyResponse } from '~/shared/schemas/audit';
import { api } from '~/web/lib/api-client';
import { queryString } from '~/web/lib/query-string';

export type AuditFilter = Partial<AuditQuery>;

/** One page of the audit log for the filter in the address. */
export const auditQueryOptions = (filter: AuditFilter) => {
  return queryOptions({
    queryKey: ['admin', 'audit', filter] as const,
    queryFn: ({ signal }) => api<AuditResponse>(`/api/admin/audit${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

/** Walks the hash chain now: run on demand ("Check the chain"), never cached. */
export const checkAuditChain = () => api<AuditVerifyResponse>('/api/admin/audit/verify');
