import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contactMessageCreatedSchema, contactMessageSchema } from '~/shared/schemas/contact';
import { api } from '~/web/lib/api-client';

export type ContactMessageValues = z.output<typeof contactMessageSchema>;
export type ContactMessageCreated = z.infer<typeof contactMessageCreatedSchema>;

/** Sends a contact-page message; the shop's admins read it in the admin panel. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageValues) => api<ContactMessageCreated>('/api/contact', { method: 'POST', body: input }),
  });
}
