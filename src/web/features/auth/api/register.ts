import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, RegisterCustomerInput } from '~/shared/schemas/auth';
import type { RegisterVendorInput } from '~/shared/schemas/vendor';
import { api } from '~/web/lib/api-client';
import { sessionQueryKey } from '~/web/lib/session/session';

function useRegistration<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => api<{ user: Profile }>(path, { method: 'POST', body: input }),
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      queryClient.setQueryData(sessionQueryKey, { user });
    },
  });
}

export const useRegisterCustomer = () => useRegistration<RegisterCustomerInput>('/api/auth/register');
export const useRegisterVendor = () => useRegistration<RegisterVendorInput>('/api/vendors/register');
