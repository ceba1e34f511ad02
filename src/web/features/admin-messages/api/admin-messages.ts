import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessagesQuery, ContactMessagesResponse, ContactThread } from '~/shared/schemas/contact';
import { api } from '~/web/lib/api-client';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { queryString } from '~/web/lib/query-string';

export type ContactMessagesFilter = Partial<ContactMessagesQuery>;

export const adminMessageKeys = {
  all: ['admin', 'messages'] as const,
  list: (filter: ContactMessagesFilter) => [...adminMessageKeys.all, 'list', filter] as const,
  thread: (messageId: string) => [...adminMessageKeys.all, 'thread', messageId] as const,
};

const messagePath = (messageId: string) => `/api/admin/contact-messages/${encodeURIComponent(messageId)}`;

/** One page of contact messages for the filter in the address, newest first. */
export const contactMessagesListOptions = (filter: ContactMessagesFilter) =>
  queryOptions({
    queryKey: adminMessageKeys.list(filter),
    queryFn: ({ signal }) => api<ContactMessagesResponse>(`/api/admin/contact-messages${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** A message with the replies sent to it. */
export const contactThreadOptions = (messageId: string) =>
  queryOptions({
    queryKey: adminMessageKeys.thread(messageId),
    queryFn: ({ signal }) => api<ContactThread>(messagePath(messageId), { signal }),
  });

/**
 * Replies by e-mail, closes or reopens a message. The thread takes the server's answer; every admin
 * list (this one, the dashboard's messages and its "unanswered" count) is fetched anew, without
 * waiting: a message replied to or closed leaves a list filtered by status, and its opened thread
 * (the form that asked) with it.
 */
export function useMessageAction(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: 'reply'; body: string } | { action: 'close' } | { action: 'reopen' }) =>
      input.action === 'reply'
        ? api<ContactThread>(`${messagePath(messageId)}/replies`, { method: 'POST', body: { body: input.body } })
        : api<ContactThread>(`${messagePath(messageId)}/${input.action}`, { method: 'POST' }),
    onSuccess: (thread) => queryClient.setQueryData(adminMessageKeys.thread(messageId), thread),
    onSettled: refetchWithoutWaiting(queryClient, ['admin']),
  });
}
