import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ProductDetail } from '~/shared/schemas/catalogue';
import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { Pagination } from '~/web/components/ui/pagination';
import { formatDate } from '~/web/lib/format';
import { reviewsQueryOptions } from '../../api/catalogue-queries';
import { GivenStars } from '../rating-stars';
import { RatingSummary } from './rating-summary';
import { WriteReview } from './write-review';

/** Ratings and reviews: the summary with star bars beside the reviews, a page at a time. */
export function ProductReviews({ product }: { product: Pick<ProductDetail, 'id' | 'ratingAvg' | 'ratingCount' | 'ratingBreakdown'> }) {
  const [page, setPage] = useState(1);
  const reviews = useQuery(reviewsQueryOptions(product.id, page));
  const listTop = useRef<HTMLHeadingElement>(null);

  const changePage = (next: number) => {
    setPage(next);
    listTop.current?.focus();
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24">
      <h2 id="reviews-heading" className="mb-4 text-xl font-bold text-slate-900">
        Ratings and reviews
      </h2>
      <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
        <RatingSummary average={product.ratingAvg} count={product.ratingCount} breakdown={product.ratingBreakdown} />
        <div>
          <WriteReview productId={product.id} onReviewed={() => setPage(1)} />
          <h3 ref={listTop} tabIndex={-1} className="sr-only scroll-mt-24">
            Reviews{reviews.data && reviews.data.total > reviews.data.pageSize ? `, page ${page}` : ''}
          </h3>
          {reviews.isPending ? (
            <ListSkeleton rows={3} label="Loading reviews" />
          ) : reviews.isError ? (
            <ErrorState title="Reviews could not be loaded" error={reviews.error} onRetry={() => void reviews.refetch()} />
          ) : reviews.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">
              No reviews yet. Customers who received this product can review it here or from their orders.
            </p>
          ) : (
            <>
              <ol
                className={reviews.isPlaceholderData ? 'space-y-4 opacity-60' : 'space-y-4'}
                aria-busy={reviews.isPlaceholderData || undefined}
              >
                {reviews.data.items.map((review) => (
                  <li key={review.id}>
                    <article className="rounded-lg border border-slate-200 bg-white p-4">
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <GivenStars rating={review.rating} />
                        <h4 className="font-semibold text-slate-900">{review.title}</h4>
                      </div>
                      <p className="mt-1 text-xs text-slate-600">
                        {review.authorName} · <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                      </p>
                      <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{review.body}</p>
                    </article>
                  </li>
                ))}
              </ol>
              {reviews.data.total > reviews.data.pageSize && (
                <Pagination
                  page={page}
                  pageSize={reviews.data.pageSize}
                  total={reviews.data.total}
                  onPageChange={changePage}
                  label="Review pages"
                />
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
