import { Star } from 'lucide-react';
import { type ProductStatus, type VendorStatus } from '~/shared/constants';
import { ADMIN_PRODUCT_STATUS_FILTER_LABELS } from '~/shared/schemas/catalogue-admin';
import { Badge } from '~/web/components/ui/badge';
import { StatusBadge } from '~/web/components/ui/status-badge';

/** The badge of a seller who may not sell (its products are out of the shop, whatever their status). */
export function sellerOffLabel(sellerStatus: VendorStatus): string | null {
  if (sellerStatus === 'approved') return null;
  return ADMIN_PRODUCT_STATUS_FILTER_LABELS[sellerStatus === 'suspended' ? 'seller_suspended' : 'seller_not_approved'];
}

/**
 * A product's status as the shopper sees it, and whether the home page features it. A product the
 * seller has on sale reads "On sale" only while the seller is approved: otherwise the seller's badge
 * ("Seller suspended") says why it is not in the shop; its other statuses show beside that badge.
 */
export function ProductStatusBadges({
  status,
  featuredAt,
  sellerStatus,
}: {
  status: ProductStatus;
  featuredAt: string | null;
  sellerStatus: VendorStatus;
}) {
  const sellerOff = sellerOffLabel(sellerStatus);
  return (
    <>
      {!(sellerOff && status === 'active') && <StatusBadge of="product" status={status} />}
      {sellerOff && <Badge tone="danger">{sellerOff}</Badge>}
      {featuredAt && (
        <Badge tone="brand" className="ml-1">
          <Star aria-hidden="true" className="mr-1 inline size-3" />
          Featured
        </Badge>
      )}
    </>
  );
}
