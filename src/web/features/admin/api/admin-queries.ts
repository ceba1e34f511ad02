import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser, AdminUsersQuery } from '~/shared/schemas/auth';
import type { AdminOverview } from '~/shared/schemas/dashboard';
import type { ContactMessage } from '~/shared/schemas/contact';
import { api } from '~/web/lib/api-client';
import { queryString } from '~/web/lib/query-string';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  users: (q: AdminUsersQuery) => [...adminKeys.all, 'users', q] as const,
  messages: (page: number) => [...adminKeys.all, 'contact-messages', page] as const,
};

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => api<AdminOverview>('/api/admin/overview', { signal }),
  });

export const usersQueryOptions = (q: AdminUsersQuery) =>
  queryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ signal }) => api<Page<AdminUser>>(`/api/admin/users${queryString({ ...q })}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** One page of accounts for the list state in the URL. */
export const useUsers = (q: AdminUsersQuery) => useQuery(usersQueryOptions(q));

export const contactMessagesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.messages(page),
    queryFn: ({ signal }) => api<Page<ContactMessage>>(`/api/admin/contact-messages${queryString({ page, pageSize: 5 })}`, { signal }),
    placeholderData: keepPreviousData,
  });
