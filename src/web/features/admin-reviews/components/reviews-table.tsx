import { useQuery } from '@tanstack/react-query';
import { MessageSquareText, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import type { AdminReview } from '~/shared/schemas/reviews';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
import { formatDateTime } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { OneLine } from '~/web/components/ui/one-line';
import { adminReviewsQueryOptions, useModerateReview, type AdminReviewsFilter } from '../api/admin-reviews';
import { HideReviewDialog } from './hide-review-dialog';
import { ratingSentence } from './rating-words';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center" title={`${rating} of 5 stars`}>
      <span className="sr-only">{rating} of 5 stars</span>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={i <= rating ? 'size-3.5 text-amber-500' : 'size-3.5 text-slate-300'}
          fill="currentColor"
          strokeWidth={0}
        />
      ))}
    </span>
  );
}

/** Hide (through its dialog) or Show again: the row's action, named after the review for screen readers. */
function ReviewAction({ review }: { review: AdminReview }) {
  const [hiding, setHiding] = useState(false);
  const moderate = useModerateReview();
  if (review.hidden) {
    return (
      <Button
        size="sm"
        variant="secondary"
        loading={moderate.isPending}
        aria-label={`Show again the review “${review.title}” by ${review.author.name}`}
        onClick={() =>
          moderate.mutate(
            { reviewId: review.id, action: 'restore' },
            {
              onSuccess: (result) =>
                toast.success(`Review shown again. ${review.product.name} now has ${ratingSentence(result.productRating)}.`),
              onError: (e) => toast.error(isApiError(e) ? e.message : 'The review could not be shown again. Try again.'),
            },
          )
        }
      >
        Show again
      </Button>
    );
  }
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Hide the review “${review.title}” by ${review.author.name}`}
        onClick={() => setHiding(true)}
      >
        Hide
      </Button>
      <HideReviewDialog review={review} open={hiding} onOpenChange={setHiding} />
    </>
  );
}

const COLUMNS: DataTableColumn<AdminReview>[] = [
  {
    id: 'createdAt',
    header: 'Written',
    className: 'whitespace-nowrap text-slate-700',
    cell: (r) => <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>,
  },
  {
    id: 'review',
    header: 'Review',
    rowHeader: true,
    cell: (r) => (
      <div className="max-w-md">
        <Stars rating={r.rating} />
        <p className="font-semibold text-slate-900">{r.title}</p>
        <p className="line-clamp-2 text-slate-700">{r.body}</p>
      </div>
    ),
  },
  {
    id: 'product',
    header: 'Product',
    cell: (r) => (
      <Link to={paths.product(r.product.id)} className="text-brand-700 underline">
        {r.product.name}
      </Link>
    ),
  },
  {
    id: 'author',
    header: 'Customer',
    cell: (r) => (
      <>
        <Link to={paths.adminUser(r.author.id)} className="text-brand-700 underline">
          {r.author.name}
        </Link>
        <OneLine className="text-xs text-slate-600">{r.author.email}</OneLine>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (r) =>
      r.hidden ? (
        <>
          <Badge tone="warning">Hidden</Badge>
          <p className="mt-1 max-w-48 text-xs text-slate-700">{r.hidden.reason}</p>
        </>
      ) : (
        <Badge tone="success">Shown</Badge>
      ),
  },
  { id: 'actions', rowActions: true, header: 'Action', cell: (r) => <ReviewAction review={r} /> },
];

function Details({ review }: { review: AdminReview }) {
  return (
    <div className="space-y-2 text-sm text-slate-800">
      <p className="whitespace-pre-line">{review.body}</p>
      {review.hidden && (
        <p className="text-slate-700">
          Hidden on {formatDateTime(review.hidden.at)}
          {review.hidden.byEmail ? ` by ${review.hidden.byEmail}` : ''}: {review.hidden.reason}
        </p>
      )}
    </div>
  );
}

/** Every review for the filter, newest first: hide one with a reason, or show a hidden one again. */
export function ReviewsTable({
  filter,
  onPageChange,
  onClearFilters,
}: {
  filter: AdminReviewsFilter;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
}) {
  const reviews = useQuery(adminReviewsQueryOptions(filter));
  const filtered = Boolean(filter.q || filter.rating || filter.visibility);
  return (
    <DataTable<AdminReview>
      caption={`Product reviews, newest first${reviews.data ? ` (${reviews.data.total})` : ''}`}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      query={reviews}
      loadingLabel="Loading reviews"
      errorTitle="The reviews could not be loaded"
      empty={
        filtered ? (
          <EmptyState
            icon={<MessageSquareText />}
            title="No reviews match"
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          >
            No review matches these stars, status or words.
          </EmptyState>
        ) : (
          <EmptyState icon={<MessageSquareText />} title="No reviews yet">
            Reviews customers write about products they received appear here.
          </EmptyState>
        )
      }
      onPageChange={onPageChange}
      paginationLabel="Review pages"
      details={{ render: (r) => <Details review={r} />, label: (r) => `The whole review “${r.title}”` }}
      rowProps={(r) => ({ 'data-testid': `review-${r.id}` })}
      minWidth="60rem"
    />
  );
}
