import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, Profile } from '~/shared/schemas/auth';
import { api } from '~/web/lib/api-client';
import { sessionQueryKey } from '~/web/lib/session/session';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api<{ user: Profile }>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: ({ user }) => {
      // Drop data cached for the previous visitor, then set the new session.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      queryClient.setQueryData(sessionQueryKey, { user });
    },
  });
}
