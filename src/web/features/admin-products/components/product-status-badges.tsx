import { Star } from 'lucide-react';
import { PRODUCT_STATUS_LABELS, type ProductStatus } from '~/shared/constants';
import { Badge } from '~/web/components/ui/badge';

const STATUS_TONES = { draft: 'neutral', pending_review: 'warning', active: 'success', archived: 'neutral', hidden: 'danger' } as const;

/** A product's status as the shop sees it, and whether the home page features it. */
export function ProductStatusBadges({ status, featuredAt }: { status: ProductStatus; featuredAt: string | null }) {
  return (
    <>
      <Badge tone={STATUS_TONES[status]}>{PRODUCT_STATUS_LABELS[status]}</Badge>
      {featuredAt && (
        <Badge tone="brand" className="ml-1">
          <Star aria-hidden="true" className="mr-1 inline size-3" />
          Featured
        </Badge>
      )}
    </>
  );
}
