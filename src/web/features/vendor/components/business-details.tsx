import { Clock, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import type { VendorProfile } from '~/shared/schemas/vendor';
import { Badge } from '~/web/components/ui/badge';
import { formatDate, formatMobile } from '~/web/lib/format';

export const VENDOR_STATUS: Record<VendorProfile['status'], { label: string; tone: 'warning' | 'success' | 'danger' | 'neutral' }> = {
  pending: { label: 'Awaiting approval', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Not approved', tone: 'danger' },
  suspended: { label: 'Suspended', tone: 'neutral' },
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

/** The vendor's business record as the shop holds it: name, mobile, GSTIN, pickup address, status. */
export function BusinessDetails({ vendor, full = false }: { vendor: VendorProfile; full?: boolean }) {
  return (
    <section aria-labelledby="business-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="business-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Store aria-hidden="true" className="size-5 text-brand-600" /> Business details
        </h2>
        <Badge tone={VENDOR_STATUS[vendor.status].tone}>
          {vendor.status === 'pending' && <Clock aria-hidden="true" className="mr-1 size-3" />}
          {VENDOR_STATUS[vendor.status].label}
        </Badge>
      </div>
      <dl className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        <Detail label="Business name">{vendor.businessName}</Detail>
        <Detail label="Mobile">{formatMobile(vendor.mobile)}</Detail>
        <Detail label="GSTIN">{vendor.gstin ?? 'Not given'}</Detail>
        <Detail label="Pickup city">{vendor.pickupCity}</Detail>
        <Detail label="State">{vendor.pickupState}</Detail>
        <Detail label="PIN code">{vendor.pickupPinCode}</Detail>
        {full && <Detail label="Registered on">{formatDate(vendor.createdAt)}</Detail>}
        {full && (
          <Detail label={vendor.status === 'pending' ? 'Decision' : 'Decided on'}>
            {vendor.decidedAt ? formatDate(vendor.decidedAt) : 'Not yet'}
          </Detail>
        )}
      </dl>
    </section>
  );
}
