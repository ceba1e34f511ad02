import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MailboxList, MailboxStatus, MailDetail } from '~/shared/schemas/mail';
import { api } from '~/web/lib/api-client';

export const MAILBOX_PAGE_SIZE = 20;

export const mailboxKeys = {
  all: ['dev-mailbox'] as const,
  status: () => [...mailboxKeys.all, 'status'] as const,
  list: (page: number) => [...mailboxKeys.all, 'list', page] as const,
  message: (id: string) => [...mailboxKeys.all, 'message', id] as const,
};

export const mailboxStatusQueryOptions = () =>
  queryOptions({
    queryKey: mailboxKeys.status(),
    queryFn: ({ signal }) => api<MailboxStatus>('/api/dev/mailbox/status', { signal }),
    staleTime: 5 * 60_000,
  });

export const mailboxListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: mailboxKeys.list(page),
    queryFn: ({ signal }) => api<MailboxList>(`/api/dev/mailbox?page=${page}&pageSize=${MAILBOX_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const mailMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: mailboxKeys.message(id),
    queryFn: ({ signal }) => api<MailDetail>(`/api/dev/mailbox/${encodeURIComponent(id)}`, { signal }),
  });
