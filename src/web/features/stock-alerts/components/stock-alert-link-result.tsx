import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { Spinner } from '~/web/components/ui/spinner';
import { isApiError } from '~/web/lib/api-client';
import { useFollowStockAlertLink, type StockAlertLinkKind } from '../api/stock-alert-queries';

const WORDS: Record<StockAlertLinkKind, { busy: string; done: string }> = {
  confirm: { busy: 'Confirming your alert…', done: 'Alert confirmed' },
  stop: { busy: 'Stopping your alerts…', done: 'Alerts stopped' },
};

/**
 * Follows the link of an alert e-mail once, on arrival: `confirm` turns a visitor's alert on, `stop`
 * stops every alert to the address. Says what happened, with the way on to the product or the shop.
 */
export function StockAlertLinkResult({ kind, token }: { kind: StockAlertLinkKind; token: string | null }) {
  const follow = useFollowStockAlertLink();
  const words = WORDS[kind];
  // Once per token: React runs effects twice in development, and a confirm link works once.
  const sent = useRef<string | null>(null);
  const { mutate } = follow;

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate({ kind, token });
  }, [kind, token, mutate]);

  if (!token) {
    return (
      <Alert tone="error" title="This link is incomplete">
        Open the link from the e-mail again, or copy the whole address into the browser.
      </Alert>
    );
  }
  if (follow.isSuccess) {
    const { message, product, inStock } = follow.data;
    return (
      <div className="space-y-5">
        <Alert tone="success" title={inStock ? 'It is in stock now' : words.done}>
          {message}
        </Alert>
        <div className="flex flex-col gap-2">
          <ButtonLink to={paths.product(product.id)} size="lg" className="w-full">
            {inStock ? `Buy ${product.name}` : `See ${product.name}`}
          </ButtonLink>
          <ButtonLink to={paths.home} variant="secondary" size="lg" className="w-full">
            Continue shopping
          </ButtonLink>
        </div>
      </div>
    );
  }
  if (follow.isError) {
    const linkProblem = isApiError(follow.error, 'VALIDATION');
    return (
      <div className="space-y-4">
        <Alert tone="error" title={linkProblem ? 'This link does not work' : 'Something went wrong'}>
          <p>{follow.error.message}</p>
          <p className="mt-2">
            {kind === 'stop' && linkProblem ? (
              <Link to={paths.accountAlerts} className="font-semibold underline">
                Open your back-in-stock alerts
              </Link>
            ) : (
              <Link to={paths.home} className="font-semibold underline">
                Go to the home page
              </Link>
            )}
          </p>
        </Alert>
        {!linkProblem && (
          <button
            type="button"
            className="text-sm font-semibold text-brand-700 underline"
            onClick={() => {
              sent.current = token;
              mutate({ kind, token });
            }}
          >
            Retry
          </button>
        )}
      </div>
    );
  }
  return (
    <div role="status" className="flex items-center gap-3 text-slate-700">
      <Spinner />
      {words.busy}
    </div>
  );
}
