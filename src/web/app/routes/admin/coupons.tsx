import { Plus } from 'lucide-react';
import { useState } from 'react';
import { adminCouponsQuerySchema, COUPON_STATUS_LABELS, COUPON_STATUSES, type CouponStatus } from '~/shared/schemas/coupons';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { Button } from '~/web/components/ui/button';
import { PageHeader } from '~/web/components/ui/page-header';
import { CouponFormDialog } from '~/web/features/admin-coupons/components/coupon-form-dialog';
import { CouponsList } from '~/web/features/admin-coupons/components/coupons-list';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminCouponsPage() {
  useDocumentTitle('Coupons');
  const { state, set, reset } = useUrlListState(adminCouponsQuerySchema);
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <PageHeader
        title="Coupons"
        description="Codes customers use at checkout: what they give, on what, when and how often. Edits apply to orders placed from then on."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New coupon
          </Button>
        }
      />
      <ListFilters
        label="Filter coupons"
        search={{ label: 'Code or description', value: state.q, onSearch: (q) => set({ q }), placeholder: 'WELCOME10' }}
      >
        <FilterSelect<CouponStatus>
          label="Status"
          value={state.status}
          values={COUPON_STATUSES}
          labels={COUPON_STATUS_LABELS}
          placeholder="All statuses"
          onChange={(status) => set({ status })}
        />
      </ListFilters>
      <CouponsList
        filter={state}
        onPageChange={(page) => set({ page })}
        onSortChange={(sort) => set({ sort })}
        onClearFilters={reset}
        onCreate={() => setCreating(true)}
      />
      {creating && <CouponFormDialog coupon={null} open onOpenChange={setCreating} />}
    </div>
  );
}
