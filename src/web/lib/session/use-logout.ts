import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/web/lib/api-client';
import { sessionQueryKey } from './session';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      queryClient.setQueryData(sessionQueryKey, { user: null });
    },
  });
}
