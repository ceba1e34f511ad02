import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailInput, MessageResponse } from '~/shared/schemas/account-recovery';
import { api } from '~/web/lib/api-client';

/** Asks to change the e-mail address: nothing changes until the link sent to the new address is followed. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => api<MessageResponse>('/api/account/email', { method: 'POST', body: input }),
  });
}
