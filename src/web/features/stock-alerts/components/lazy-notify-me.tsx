import { lazy, Suspense } from 'react';
import { useSessionPending } from '~/web/lib/session/session';
import { NotifyMeButton } from './notify-me-button';

// Its own chunk, loaded once the page is live: the product page's first script carries neither the form
// nor zod and the form library.
const NotifyMe = lazy(() => import('./notify-me').then((m) => ({ default: m.NotifyMe })));

/**
 * "Notify me when it's back" on a sold-out product's page (decision 28). The server's HTML and the
 * page until it is hydrated show the plain disabled button (it is the same for everyone, decision 29:
 * the session is not known there); once the session is, the control loads, with that button meanwhile.
 */
export function LazyNotifyMe({ productId, productName }: { productId: string; productName: string }) {
  if (useSessionPending()) return <NotifyMeButton />;
  return (
    <Suspense fallback={<NotifyMeButton />}>
      <NotifyMe product={{ id: productId, name: productName }} />
    </Suspense>
  );
}
