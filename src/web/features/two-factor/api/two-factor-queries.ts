import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NewRecoveryCodesInput,
  RecoveryCodesResponse,
  TwoFactorConfirmInput,
  TwoFactorDisableInput,
  TwoFactorSetupInput,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '~/shared/schemas/two-factor';
import { api } from '~/web/lib/api-client';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { sessionQueryKey } from '~/web/lib/session/session';

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: () => [...twoFactorKeys.all, 'status'] as const,
};

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: twoFactorKeys.status(),
  queryFn: ({ signal }) => api<TwoFactorStatus>('/api/auth/two-factor/status', { signal }),
});

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions);

/** The password, then a new key for the app; nothing is on until the first code confirms it. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (body: TwoFactorSetupInput) => api<TwoFactorSetupResponse>('/api/auth/two-factor/setup', { method: 'POST', body }),
  });
}

/**
 * The first code turns it on and answers the ten recovery codes. The status and the session are
 * read again only when the person has saved the codes (`useFinishTwoFactorSetup`), so that the
 * codes stay on the screen until then.
 */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (body: TwoFactorConfirmInput) => api<RecoveryCodesResponse>('/api/auth/two-factor/confirm', { method: 'POST', body }),
  });
}

/** After "I have saved them": the status and the session (which carries `twoFactorEnabled`) are read again. */
export function useFinishTwoFactorSetup() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    ]);
}

/** Ten new recovery codes after the password; the status is read again once they are saved. */
export function useNewRecoveryCodes() {
  return useMutation({
    mutationFn: (body: NewRecoveryCodesInput) =>
      api<RecoveryCodesResponse>('/api/auth/two-factor/recovery-codes', { method: 'POST', body }),
  });
}

/**
 * Turns it off with the password and a code (not for admins, who must keep it). The status and the
 * session are not waited for: the status fetched again takes away the form that asked, and its toast
 * with it.
 */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableInput) => api<void>('/api/auth/two-factor/disable', { method: 'POST', body }),
    onSuccess: refetchWithoutWaiting(queryClient, twoFactorKeys.all, sessionQueryKey),
  });
}
