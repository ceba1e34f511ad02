import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput, Profile } from '~/shared/schemas/auth';
import type { LoginResponse, TwoFactorSignInInput } from '~/shared/schemas/two-factor';
import { api } from '~/web/lib/api-client';
import { sessionQueryKey } from '~/web/lib/session/session';

function startSession(queryClient: QueryClient, user: Profile) {
  // Drop data cached for the previous visitor, then set the new session.
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  queryClient.setQueryData(sessionQueryKey, { user });
}

/** The password step: signs in, or answers `twoFactorRequired` when a code must follow (decision 27). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api<LoginResponse>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: (result) => {
      if ('user' in result) startSession(queryClient, result.user);
    },
  });
}

/** The code step: a code from the authenticator app or a recovery code ends the sign-in. */
export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorSignInInput) => api<{ user: Profile }>('/api/auth/two-factor', { method: 'POST', body: input }),
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
