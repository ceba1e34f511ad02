import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountResponse,
  AccountSessionsResponse,
  ChangePasswordInput,
  SessionsEndedResponse,
  UpdateAccount,
} from '~/shared/schemas/account';
import { api } from '~/web/lib/api-client';
import { sessionQueryKey } from '~/web/lib/session/session';

export const accountKeys = {
  all: ['account'] as const,
  details: () => [...accountKeys.all, 'details'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

export const accountQueryOptions = queryOptions({
  queryKey: accountKeys.details(),
  queryFn: ({ signal }) => api<AccountResponse>('/api/account', { signal }),
});

export const accountSessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions(),
  queryFn: ({ signal }) => api<AccountSessionsResponse>('/api/account/sessions', { signal }),
  // "Last seen" moves while the page is open.
  refetchInterval: 60_000,
});

export const useAccount = () => useQuery(accountQueryOptions);
export const useAccountSessions = () => useQuery(accountSessionsQueryOptions);

/** The file "Download my data" saves (the browser sends the session cookie with the link). */
export const ACCOUNT_EXPORT_HREF = '/api/account/export';

/** Saves the name and mobile; the header's name (the session profile) follows. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; phone: UpdateAccount['phone'] | string }) =>
      api<AccountResponse>('/api/account', { method: 'PATCH', body }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.details(), account);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** Changes the password; every other session ends, so the list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => api<void>('/api/account/password', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<SessionsEndedResponse>('/api/account/sessions/sign-out-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string }) => api<AccountResponse>('/api/account/deletion', { method: 'POST', body }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.details(), account);
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<AccountResponse>('/api/account/deletion', { method: 'DELETE' }),
    onSuccess: (account) => queryClient.setQueryData(accountKeys.details(), account),
  });
}
