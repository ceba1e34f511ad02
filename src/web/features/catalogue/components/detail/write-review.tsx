import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '~/web/components/ui/button';
// Only signed-in customers review; the session lives with auth (a deliberate cross-feature read, as for the wishlist).
import { useUser } from '~/web/lib/session/session';
import { myReviewQueryOptions } from '../../api/review-queries';
import { GivenStars } from '../rating-stars';

const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

interface WriteReviewProps {
  productId: string;
  /** Called once the review is published (the list goes back to its first page, where it shows). */
  onReviewed?: () => void;
}

/**
 * A signed-in customer's own review of the product: the "Write a review" form when they received it,
 * their stars once they reviewed it, or quietly why they cannot yet. Nothing for anyone else.
 */
export function WriteReview({ productId, onReviewed }: WriteReviewProps) {
  const user = useUser();
  const isCustomer = user?.role === 'customer';
  const mine = useQuery(myReviewQueryOptions(productId, user?.uid, isCustomer));
  const [open, setOpen] = useState(false);
  const openButtonId = useId();

  if (!isCustomer || mine.isPending) return null;
  if (mine.isError) {
    return (
      <p className="mb-4 text-sm text-slate-600">
        We could not check whether you can review this product.{' '}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={() => void mine.refetch()}>
          Try again
        </button>
      </p>
    );
  }

  const { review, canReview, reason } = mine.data;
  if (review?.hiddenReason !== undefined) {
    // Hidden by the shop: only its author reads this, with the reason (one review per product still holds).
    return (
      <div role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          You reviewed this product <GivenStars rating={review.rating} />
        </p>
        <p className="mt-1">{review.title}</p>
        <p className="mt-2">{reason}</p>
      </div>
    );
  }
  if (review) {
    return (
      <div role="status" className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          You reviewed this product <GivenStars rating={review.rating} />
        </p>
        <p className="mt-1">{review.title}</p>
      </div>
    );
  }
  if (!canReview) return reason ? <p className="mb-4 text-sm text-slate-600">{reason}</p> : null;

  if (!open) {
    return (
      <Button id={openButtonId} variant="secondary" className="mb-4" onClick={() => setOpen(true)}>
        Write a review
      </Button>
    );
  }
  return (
    <Suspense fallback={<p className="mb-4 text-sm text-slate-600">Opening the review form…</p>}>
      <ReviewForm
        productId={productId}
        userId={user.uid}
        onCancel={() => {
          setOpen(false);
          // Back to the button that opened the form, once it is on the page again.
          requestAnimationFrame(() => document.getElementById(openButtonId)?.focus());
        }}
        onDone={() => {
          setOpen(false);
          onReviewed?.();
        }}
      />
    </Suspense>
  );
}
