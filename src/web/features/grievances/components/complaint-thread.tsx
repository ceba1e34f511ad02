import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { GRIEVANCE_CATEGORY_LABELS, grievanceReplyInputSchema, type GrievanceThread } from '~/shared/schemas/grievances';
import { paths } from '~/shared/paths';
import { GrievanceBadges, GrievanceDates } from '~/web/components/grievances/grievance-badges';
import { Button } from '~/web/components/ui/button';
import { Alert, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { TextareaField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { formatDateTime } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { myGrievanceOptions, useReplyToGrievance } from '../api/grievance-queries';

type Input = z.input<typeof grievanceReplyInputSchema>;
type Output = z.output<typeof grievanceReplyInputSchema>;

function ReplyForm({ id }: { id: string }) {
  const replying = useReplyToGrievance(id);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(grievanceReplyInputSchema), defaultValues: { body: '' } });
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    replying.mutate(values.body, {
      onSuccess: () => {
        toast.success('Your reply was added to the complaint.');
        reset();
      },
      onError: (error) => setFormError(applyServerErrors(error, setError, ['body'])),
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reply to the grievance officer" className="space-y-3">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextareaField label="Add a reply" maxLength={4000} error={errors.body?.message} {...register('body')} />
      <Button type="submit" loading={replying.isPending}>
        Send reply
      </Button>
    </form>
  );
}

function Thread({ thread }: { thread: GrievanceThread }) {
  const { grievance: g, messages } = thread;
  const open = g.status === 'received' || g.status === 'acknowledged';
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to={paths.accountComplaints} className="text-brand-700 hover:underline">
            ← My complaints
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">Complaint {g.ticketNumber}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
          <span>
            {GRIEVANCE_CATEGORY_LABELS[g.category]}
            {g.orderNumber && (
              <>
                {' · order '}
                {g.orderId ? (
                  <Link to={paths.orderDetails(g.orderId)} className="text-brand-700 underline">
                    {g.orderNumber}
                  </Link>
                ) : (
                  g.orderNumber
                )}
              </>
            )}
            {g.itemName && <> · {g.itemName}</>}
          </span>
          <GrievanceBadges grievance={g} />
        </p>
      </div>
      <section aria-labelledby="complaint-dates" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="complaint-dates" className="mb-2 text-lg font-semibold text-slate-900">
          Dates
        </h2>
        <GrievanceDates grievance={g} />
      </section>
      {g.resolution && (
        <Alert tone="success" title="Resolution">
          <p className="whitespace-pre-line">{g.resolution}</p>
        </Alert>
      )}
      <section aria-labelledby="complaint-thread" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="complaint-thread" className="text-lg font-semibold text-slate-900">
          Messages
        </h2>
        <ol className="space-y-3">
          <li>
            <p className="text-xs text-slate-600">
              You wrote on <time dateTime={g.receivedAt}>{formatDateTime(g.receivedAt)}</time>
            </p>
            <p className="whitespace-pre-line text-slate-900">{g.description}</p>
          </li>
          {messages.map((m) => (
            <li key={m.id} className={m.author === 'officer' ? 'border-l-2 border-brand-300 pl-3' : ''}>
              <p className="text-xs text-slate-600">
                {m.author === 'officer' ? 'The grievance officer' : 'You'} wrote on{' '}
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
              <p className="whitespace-pre-line text-slate-900">{m.body}</p>
            </li>
          ))}
        </ol>
        {open ? (
          <ReplyForm id={g.id} />
        ) : (
          <p className="text-sm text-slate-600">
            This complaint is {g.status}. Not satisfied? File a new complaint quoting {g.ticketNumber}, or call the National Consumer
            Helpline on 1915.
          </p>
        )}
      </section>
    </div>
  );
}

/** One of the customer's complaints: its dates, resolution and messages, and a reply while it is open. */
export function ComplaintThread({ id }: { id: string }) {
  const thread = useQuery(myGrievanceOptions(id));
  useDocumentTitle(thread.data ? `Complaint ${thread.data.grievance.ticketNumber}` : 'Complaint');
  if (thread.isPending) return <ListSkeleton rows={3} label="Loading the complaint" />;
  if (thread.isError)
    return (
      <div>
        <h1 className="sr-only">Complaint</h1>
        <ErrorState
          title="This complaint could not be loaded"
          error={thread.error}
          onRetry={() => void thread.refetch()}
          notFound={{
            title: 'Complaint not found',
            message: 'There is no complaint of yours at this address.',
            action: (
              <Link to={paths.accountComplaints} className="font-semibold text-brand-700 underline">
                My complaints
              </Link>
            ),
          }}
        />
      </div>
    );
  return <Thread thread={thread.data} />;
}
