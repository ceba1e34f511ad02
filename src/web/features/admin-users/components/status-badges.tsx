import type { VendorStatus } from '~/shared/constants';
import { Badge } from '~/web/components/ui/badge';

export const ROLE_TONES = { admin: 'brand', vendor: 'neutral', customer: 'neutral' } as const;
const VENDOR_TONES = { pending: 'warning', approved: 'success', rejected: 'danger', suspended: 'danger' } as const;
const VENDOR_LABELS: Record<VendorStatus, string> = {
  pending: 'Vendor pending',
  approved: 'Vendor approved',
  rejected: 'Vendor rejected',
  suspended: 'Vendor suspended',
};

/** The account's standing and, for a vendor, its application's. */
export function AccountStatusBadges({ suspended, vendorStatus }: { suspended: boolean; vendorStatus: VendorStatus | null }) {
  return (
    <span className="flex flex-wrap gap-1">
      {suspended ? <Badge tone="danger">Suspended</Badge> : <Badge tone="success">Active</Badge>}
      {vendorStatus && <Badge tone={VENDOR_TONES[vendorStatus]}>{VENDOR_LABELS[vendorStatus]}</Badge>}
    </span>
  );
}
