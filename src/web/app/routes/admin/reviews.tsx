import {
  adminReviewsQuerySchema,
  REVIEW_RATINGS,
  REVIEW_VISIBILITIES,
  REVIEW_VISIBILITY_LABELS,
  type ReviewVisibility,
} from '~/shared/schemas/reviews';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { ReviewsTable } from '~/web/features/admin-reviews/components/reviews-table';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

type Rating = (typeof REVIEW_RATINGS)[number];
const RATING_LABELS = Object.fromEntries(REVIEW_RATINGS.map((r) => [r, r === '1' ? '1 star' : `${r} stars`])) as Record<Rating, string>;

export default function AdminReviewsPage() {
  useDocumentTitle('Reviews');
  const { state, set, reset } = useUrlListState(adminReviewsQuerySchema);
  return (
    <div>
      <PageHeader
        title="Reviews"
        description="Every review customers wrote, newest first. Hiding one takes it off the product page and out of the product's rating at once; its author reads your reason. Showing it again puts it back."
      />
      <ListFilters
        label="Filter reviews"
        search={{
          label: 'Product or customer',
          value: state.q,
          onSearch: (q) => set({ q }),
          placeholder: 'ThinkPad, Kavya, name@example.in',
        }}
      >
        <FilterSelect<Rating>
          label="Stars"
          value={state.rating}
          values={REVIEW_RATINGS}
          labels={RATING_LABELS}
          placeholder="Any rating"
          onChange={(rating) => set({ rating })}
        />
        <FilterSelect<ReviewVisibility>
          label="Status"
          value={state.visibility}
          values={REVIEW_VISIBILITIES}
          labels={REVIEW_VISIBILITY_LABELS}
          placeholder="Shown and hidden"
          onChange={(visibility) => set({ visibility })}
        />
      </ListFilters>
      <ReviewsTable filter={state} onPageChange={(page) => set({ page })} onClearFilters={reset} />
    </div>
  );
}
