import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  GRIEVANCE_CATEGORY_LABELS,
  grievanceReplyInputSchema,
  grievanceResolveInputSchema,
  type GrievanceThread,
} from '~/shared/schemas/grievances';
import { paths } from '~/shared/paths';
import { GrievanceBadges, GrievanceDates } from '~/web/components/grievances/grievance-badges';
import { Button } from '~/web/components/ui/button';
import { Alert, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { TextareaField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { formatDateTime, formatMobile } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { grievanceThreadOptions, useGrievanceAction, type GrievanceAction } from '../api/admin-grievances';

/** A text and one button: reply, or resolve with the resolution; validated with the server's schema. */
function TextAction({
  thread,
  label,
  hint,
  submit,
  make,
  schema,
  done,
}: {
  thread: GrievanceThread;
  label: string;
  hint: string;
  submit: string;
  make: (text: string) => GrievanceAction;
  schema: typeof grievanceReplyInputSchema | typeof grievanceResolveInputSchema;
  done: string;
}) {
  const action = useGrievanceAction(thread.grievance.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const key = 'body' in schema.shape ? 'body' : 'resolution';
    const parsed = schema.safeParse({ [key]: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setFormError(null);
    action.mutate(make(text), {
      onSuccess: () => {
        toast.success(done);
        setText('');
      },
      onError: (e) => {
        const field = isApiError(e) ? Object.values(e.fields)[0] : undefined;
        if (field) setError(field);
        else setFormError(e instanceof Error ? e.message : 'That did not work. Try again.');
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-2">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextareaField label={label} hint={hint} maxLength={4000} value={text} onChange={(e) => setText(e.target.value)} error={error} />
      <Button type="submit" variant="secondary" loading={action.isPending}>
        {submit}
      </Button>
    </form>
  );
}

function Steps({ thread }: { thread: GrievanceThread }) {
  const g = thread.grievance;
  const action = useGrievanceAction(g.id);
  const fail = (e: unknown) => toast.error(isApiError(e) ? e.message : 'That did not work. Try again.');
  const open = g.status === 'received' || g.status === 'acknowledged';
  return (
    <div className="space-y-4">
      {g.status === 'received' && (
        <Button
          loading={action.isPending}
          onClick={() =>
            action.mutate(
              { action: 'acknowledge' },
              { onSuccess: () => toast.success(`Complaint ${g.ticketNumber} acknowledged; ${g.email} was e-mailed.`), onError: fail },
            )
          }
        >
          Acknowledge complaint
        </Button>
      )}
      {open && (
        <>
          <TextAction
            thread={thread}
            label="Reply to the customer"
            hint={`E-mailed to ${g.email}${g.status === 'received' ? '; it acknowledges the complaint too' : ''}.`}
            submit="Send reply"
            make={(body) => ({ action: 'reply', body })}
            schema={grievanceReplyInputSchema}
            done={`Reply sent to ${g.email}.`}
          />
          <TextAction
            thread={thread}
            label="Resolution"
            hint="How the complaint was redressed: e-mailed to the customer, and the complaint becomes Resolved."
            submit="Resolve complaint"
            make={(resolution) => ({ action: 'resolve', resolution })}
            schema={grievanceResolveInputSchema}
            done={`Complaint ${g.ticketNumber} resolved; ${g.email} was e-mailed.`}
          />
        </>
      )}
      {g.status === 'resolved' && (
        <Button
          variant="secondary"
          loading={action.isPending}
          onClick={() =>
            action.mutate({ action: 'close' }, { onSuccess: () => toast.success(`Complaint ${g.ticketNumber} closed.`), onError: fail })
          }
        >
          Close complaint
        </Button>
      )}
    </div>
  );
}

/** A complaint opened in the console: who, about what, the dates, the thread, and the officer's steps. */
export function GrievanceThreadPanel({ id }: { id: string }) {
  const thread = useQuery(grievanceThreadOptions(id));
  const headingId = useId();
  if (thread.isPending) return <ListSkeleton rows={2} label="Loading the complaint" />;
  if (thread.isError)
    return <ErrorState title="The complaint could not be loaded" error={thread.error} onRetry={() => void thread.refetch()} />;
  const { grievance: g, messages } = thread.data;
  return (
    <section aria-labelledby={headingId} className="space-y-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Complaint {g.ticketNumber}
        </h3>
        <GrievanceBadges grievance={g} />
      </div>
      <p className="text-slate-700">
        {GRIEVANCE_CATEGORY_LABELS[g.category]} · from {g.source === 'order' ? 'the order page' : 'the contact page'}
        {g.orderNumber && (
          <>
            {' · order '}
            {g.orderId ? (
              <Link to={paths.adminOrder(g.orderId)} className="text-brand-700 underline">
                {g.orderNumber}
              </Link>
            ) : (
              g.orderNumber
            )}
          </>
        )}
        {g.itemName && <> · {g.itemName}</>}
      </p>
      <p className="text-xs text-slate-600">
        {g.name} ·{' '}
        <a href={`mailto:${g.email}`} className="text-brand-700 underline">
          {g.email}
        </a>
        {g.mobile && <> · {formatMobile(g.mobile)}</>}
      </p>
      <GrievanceDates grievance={g} />
      <ol aria-label="Messages" className="space-y-2 border-l-2 border-brand-200 pl-4">
        <li>
          <p className="text-xs text-slate-600">
            {g.name} wrote on <time dateTime={g.receivedAt}>{formatDateTime(g.receivedAt)}</time>
          </p>
          <p className="whitespace-pre-line text-slate-900">{g.description}</p>
        </li>
        {messages.map((m) => (
          <li key={m.id}>
            <p className="text-xs text-slate-600">
              {m.author === 'officer' ? (m.byName ?? 'The grievance officer') : g.name} wrote on{' '}
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </p>
            <p className="whitespace-pre-line text-slate-900">{m.body}</p>
          </li>
        ))}
      </ol>
      {g.resolution && (
        <Alert tone="success" title="Resolution">
          <p className="whitespace-pre-line">{g.resolution}</p>
        </Alert>
      )}
      <Steps thread={thread.data} />
    </section>
  );
}
