import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contactReplyInputSchema, type ContactThread } from '~/shared/schemas/contact';
import { Button } from '~/web/components/ui/button';
import { Alert, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { TextareaField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { formatDateTime, formatMobile } from '~/web/lib/format';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { contactThreadOptions, useMessageAction } from '../api/admin-messages';

type Input = z.input<typeof contactReplyInputSchema>;
type Output = z.output<typeof contactReplyInputSchema>;

function ReplyForm({ thread }: { thread: ContactThread }) {
  const { message } = thread;
  const action = useMessageAction(message.id);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(contactReplyInputSchema), defaultValues: { body: '' } });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    action.mutate(
      { action: 'reply', body: values.body },
      {
        onSuccess: () => {
          toast.success(`Reply sent to ${message.email}.`);
          reset();
        },
        onError: (error) => setFormError(applyServerErrors(error, setError, ['body'])),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Reply to ${message.name}`} className="space-y-3">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextareaField
        label="Your reply"
        hint={`Sent by e-mail to ${message.email}, with their message quoted below it.`}
        maxLength={4000}
        error={errors.body?.message}
        {...register('body')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={action.isPending && action.variables?.action === 'reply'}>
          Send reply
        </Button>
      </div>
    </form>
  );
}

function StatusAction({ thread }: { thread: ContactThread }) {
  const { message } = thread;
  const action = useMessageAction(message.id);
  const closing = message.status !== 'closed';
  return (
    <Button
      variant="secondary"
      loading={action.isPending}
      onClick={() =>
        action.mutate(closing ? { action: 'close' } : { action: 'reopen' }, {
          onSuccess: () => toast.success(closing ? `Message from ${message.name} closed.` : `Message from ${message.name} reopened.`),
          onError: (e) => toast.error(isApiError(e) ? e.message : 'The message could not be changed. Try again.'),
        })
      }
    >
      {closing ? 'Close message' : 'Reopen message'}
    </Button>
  );
}

/** A contact message opened: what the sender wrote, the replies sent, a reply form, and Close or Reopen. */
export function MessageThread({ messageId }: { messageId: string }) {
  const thread = useQuery(contactThreadOptions(messageId));
  const headingId = useId();
  if (thread.isPending) return <ListSkeleton rows={2} label="Loading the message" />;
  if (thread.isError)
    return <ErrorState title="The message could not be loaded" error={thread.error} onRetry={() => void thread.refetch()} />;
  const { message, replies } = thread.data;
  return (
    <section aria-labelledby={headingId} className="space-y-4 text-sm">
      <h3 id={headingId} className="sr-only">
        Message from {message.name}
      </h3>
      <div>
        <p className="whitespace-pre-line text-slate-900">{message.message}</p>
        <p className="mt-1 text-xs text-slate-600">
          <a href={`mailto:${message.email}`} className="text-brand-700 underline">
            {message.email}
          </a>
          {message.mobile && <> · {formatMobile(message.mobile)}</>} · received {formatDateTime(message.createdAt)}
        </p>
      </div>
      {replies.length > 0 && (
        <ol aria-label="Replies sent" className="space-y-2 border-l-2 border-brand-200 pl-4">
          {replies.map((r) => (
            <li key={r.id}>
              <p className="text-xs text-slate-600">
                {r.byName ?? 'An admin'} replied on <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              </p>
              <p className="whitespace-pre-line text-slate-900">{r.body}</p>
            </li>
          ))}
        </ol>
      )}
      <ReplyForm thread={thread.data} />
      <StatusAction thread={thread.data} />
    </section>
  );
}
