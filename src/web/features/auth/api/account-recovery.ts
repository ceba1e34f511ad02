import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmailVerificationStatus,
  ForgotPasswordInput,
  MessageResponse,
  ResetLinkStatus,
  ResetPasswordInput,
} from '~/shared/schemas/account-recovery';
import { api, isApiError } from '~/web/lib/api-client';
import { sessionQueryKey } from '~/web/lib/session/session';

export const emailVerificationQueryKey = ['email-verification'] as const;

/** Whether the signed-in account's e-mail address is verified (the banner asks). */
export const emailVerificationQueryOptions = queryOptions({
  queryKey: emailVerificationQueryKey,
  queryFn: ({ signal }) => api<EmailVerificationStatus>('/api/auth/email-verification', { signal }),
});

/**
 * Whether a reset link still works, asked when its page opens (nothing is spent), so a used or late
 * link says so before anyone types a new password. A refused link is not asked again.
 */
export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-link', token] as const,
    queryFn: ({ signal }) => api<ResetLinkStatus>('/api/auth/reset-password/check', { method: 'POST', body: { token }, signal }),
    retry: (count, error) => !isApiError(error, 'VALIDATION') && !isApiError(error, 'RATE_LIMITED') && count < 2,
    staleTime: Infinity,
  });

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => api<MessageResponse>('/api/auth/forgot-password', { method: 'POST', body: input }),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api<MessageResponse>('/api/auth/reset-password', { method: 'POST', body: input }),
    // Every session of the account has ended, this browser's too if it was signed in to it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api<MessageResponse>('/api/auth/email-verification/resend', { method: 'POST' }),
  });
}

/** Follows an e-mailed link: a new account's verification, or the confirmation of an e-mail change. */
export function useConfirmEmailLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, token }: { kind: 'verify' | 'change'; token: string }) =>
      api<MessageResponse>(kind === 'verify' ? '/api/auth/verify-email' : '/api/account/email/confirm', {
        method: 'POST',
        body: { token },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: emailVerificationQueryKey });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
