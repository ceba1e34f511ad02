import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { sessionQueryKey } from './session';

/**
 * Signs out on the server, then goes to `to` and only then forgets the session, so that a page
 * needing a sign-in (the account page, My Orders) does not send the person to its login instead of
 * where signing out leads (the seed: the home page; RequireRole checks the address has not moved on).
 * Done in the hook, not in `mutate`'s callbacks, which do not run once the menu that called it closed.
 */
export function useLogout(after: { to: string; message?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<void>('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      void navigate(after.to, { replace: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      queryClient.setQueryData(sessionQueryKey, { user: null });
      if (after.message) toast.success(after.message);
    },
    onError: (error) => toast.error(`Could not sign out: ${error.message}`),
  });
}
