import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { paths } from '~/shared/paths';
import { stockAlertEmailFormSchema, type StockAlert, type StockAlertEmailForm } from '~/shared/schemas/stock-alerts';
import { Button, buttonClasses } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { Spinner } from '~/web/components/ui/spinner';
import { isApiError } from '~/web/lib/api-client';
import { applyServerErrors } from '~/web/lib/form-errors';
import { sessionQueryKey, useUser } from '~/web/lib/session/session';
import { toast } from '~/web/lib/toast';
import { productStockAlertQueryOptions, useRequestStockAlert, useStopStockAlert } from '../api/stock-alert-queries';
import { NOTIFY_INTRO, NOTIFY_LABEL, NotifyMeButton, NotifyMeShell } from './notify-me-button';

export interface NotifyMeProps {
  product: { id: string; name: string };
}

/** Signed in: one click turns the alert on for the account's address; once on, it says so with Stop. */
function AccountAlert({ product }: NotifyMeProps) {
  const queryClient = useQueryClient();
  const alert = useQuery(productStockAlertQueryOptions(product.id, true));
  const request = useRequestStockAlert();
  const stop = useStopStockAlert();
  // After a click the button it was on goes away: focus moves to the one that takes its place.
  const moveFocus = useRef(false);
  const focusRef = (el: HTMLButtonElement | null) => {
    if (el && moveFocus.current) {
      moveFocus.current = false;
      el.focus();
    }
  };

  if (alert.isPending) return <NotifyMeButton />;
  const on: StockAlert | null = alert.data ?? null;

  if (!on) {
    const notify = () =>
      request.mutate(
        { productId: product.id },
        {
          onSuccess: (answer) => {
            moveFocus.current = true;
            toast.success(
              answer.status === 'waiting' ? `We’ll e-mail ${answer.alert.email} when ${product.name} is back.` : answer.message,
            );
          },
          onError: (error) => {
            toast.error(error.message);
            // Asked as a visitor: the session ended meanwhile, so the page shows the visitor's form.
            if (isApiError(error) && 'email' in error.fields) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          },
        },
      );
    return <NotifyMeButton onClick={notify} busy={request.isPending} focusRef={focusRef} />;
  }

  const stopAlert = () =>
    stop.mutate(on, {
      onSuccess: () => {
        moveFocus.current = true;
        toast.success(`Alert stopped: we will not e-mail you about ${product.name}.`);
      },
      onError: (error) => toast.error(`Could not stop the alert: ${error.message}`),
    });
  return (
    <NotifyMeShell>
      <p role="status" className="flex items-start gap-2 text-sm text-slate-800">
        <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <span>
          We’ll e-mail you at <strong className="break-all">{on.email}</strong> when it’s back in stock.
        </span>
      </p>
      <button
        ref={focusRef}
        type="button"
        className={buttonClasses('secondary', 'sm', 'self-start')}
        disabled={stop.isPending}
        aria-busy={stop.isPending || undefined}
        onClick={stopAlert}
      >
        {stop.isPending && <Spinner className="size-4" />}
        Stop
      </button>
    </NotifyMeShell>
  );
}

/** A visitor gives an address; the alert is on once the link e-mailed to it is opened. */
function VisitorAlert({ product }: NotifyMeProps) {
  const location = useLocation();
  const request = useRequestStockAlert();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StockAlertEmailForm>({ resolver: zodResolver(stockAlertEmailFormSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) =>
    request.mutate(
      { productId: product.id, email },
      {
        onError: (error) => {
          const message = applyServerErrors(error, setError, ['email']);
          if (message) toast.error(message);
        },
      },
    ),
  );

  if (request.isSuccess && request.data.status === 'confirmation_sent') {
    return (
      <NotifyMeShell>
        <Alert tone="success" title="One more step">
          {request.data.message}
        </Alert>
      </NotifyMeShell>
    );
  }
  return (
    <NotifyMeShell>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">{NOTIFY_INTRO}</p>
        <TextField
          label="Your e-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" variant="secondary" size="lg" className="w-full sm:w-auto sm:self-start" loading={request.isPending}>
          {NOTIFY_LABEL}
        </Button>
        <p className="text-xs text-slate-600">
          Have an account?{' '}
          <Link
            to={paths.login}
            state={{ from: `${location.pathname}${location.search}` }}
            className="font-semibold text-brand-700 underline"
          >
            Sign in
          </Link>{' '}
          and it takes one click.
        </p>
      </form>
    </NotifyMeShell>
  );
}

/**
 * The back-in-stock control of a sold-out product (decision 28), loaded by LazyNotifyMe once the
 * session is known. Signed in: a button, then "We'll e-mail you at …" with Stop. A visitor: an e-mail
 * address, then "check your inbox".
 */
export function NotifyMe({ product }: NotifyMeProps) {
  const user = useUser();
  return user ? <AccountAlert product={product} /> : <VisitorAlert product={product} />;
}
