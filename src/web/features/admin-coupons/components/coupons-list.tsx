import { useQuery } from '@tanstack/react-query';
import { TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { formatPaise } from '~/shared/money';
import { parseSort } from '~/shared/schemas/common';
import { COUPON_STATUS_LABELS, type AdminCoupon, type CouponStatus } from '~/shared/schemas/coupons';
import { DataTable, type DataTableColumn, type DataTableSort } from '~/web/components/data-table/data-table';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { EmptyState } from '~/web/components/ui/feedback';
import { formatCount, formatDateTime } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { couponsQueryOptions, useCouponStep, type CouponsFilter, type CouponStep } from '../api/coupons-queries';
import { CouponFormDialog } from './coupon-form-dialog';
import { CouponRedemptions } from './coupon-redemptions';

const STATUS_TONES: Record<CouponStatus, 'success' | 'warning' | 'neutral' | 'brand' | 'danger'> = {
  active: 'success',
  paused: 'warning',
  scheduled: 'brand',
  expired: 'neutral',
  used_up: 'danger',
};

/** What a coupon gives, in words: "10% off, up to ₹2,000" or "₹500 off". */
export function discountWords(c: Pick<AdminCoupon, 'kind' | 'value' | 'maxDiscountPaise'>): string {
  if (c.kind === 'flat') return `${formatPaise(c.value)} off`;
  return c.maxDiscountPaise === null ? `${c.value}% off` : `${c.value}% off, up to ${formatPaise(c.maxDiscountPaise)}`;
}

const STEP_WORDS: Record<CouponStep, { done: string }> = {
  pause: { done: 'paused: checkout refuses it until you resume it' },
  resume: { done: 'resumed: customers can use it again' },
  expire: { done: 'ended: checkout refuses it from now on' },
};

/** Pause or resume at once; End now asks first (only an edit can open an ended coupon again). */
function CouponActions({ coupon, onEdit }: { coupon: AdminCoupon; onEdit: () => void }) {
  const step = useCouponStep();
  const [confirmEnd, setConfirmEnd] = useState(false);
  const run = (verb: CouponStep) =>
    step.mutate(
      { code: coupon.code, step: verb },
      {
        onSuccess: (c) => {
          toast.success(`Coupon ${c.code} ${STEP_WORDS[verb].done}.`);
          setConfirmEnd(false);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  const busy = (verb: CouponStep) => step.isPending && step.variables?.step === verb;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${coupon.code}`}>
        Edit
      </Button>
      {coupon.status !== 'expired' &&
        (coupon.active ? (
          <Button size="sm" variant="secondary" onClick={() => run('pause')} loading={busy('pause')} aria-label={`Pause ${coupon.code}`}>
            Pause
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => run('resume')} loading={busy('resume')} aria-label={`Resume ${coupon.code}`}>
            Resume
          </Button>
        ))}
      {coupon.status !== 'expired' && (
        <Button size="sm" variant="ghost" onClick={() => setConfirmEnd(true)} aria-label={`End now: ${coupon.code}`}>
          End now
        </Button>
      )}
      <DialogFrame
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title={`End coupon ${coupon.code} now?`}
        description="Checkout refuses it from now on. Orders already placed keep their discount. To use it again, edit it and set a later end."
      >
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button variant="danger" onClick={() => run('expire')} loading={busy('expire')}>
            End coupon
          </Button>
        </div>
      </DialogFrame>
    </div>
  );
}

/**
 * When a coupon can be used. One ended before its start (a scheduled coupon ended early, before the
 * server moved such an end to its start) never ran: it says so rather than "From 29 Nov … Until 28 Nov".
 */
function CouponPeriod({ coupon: c }: { coupon: Pick<AdminCoupon, 'startsAt' | 'expiresAt'> }) {
  if (c.expiresAt && Date.parse(c.expiresAt) <= Date.parse(c.startsAt))
    return (
      <>
        <p>Never ran: ended before its start</p>
        <p>
          Ended <time dateTime={c.expiresAt}>{formatDateTime(c.expiresAt)}</time>
        </p>
      </>
    );
  return (
    <>
      <p>
        From <time dateTime={c.startsAt}>{formatDateTime(c.startsAt)}</time>
      </p>
      <p>
        {c.expiresAt ? (
          <>
            Until <time dateTime={c.expiresAt}>{formatDateTime(c.expiresAt)}</time>
          </>
        ) : (
          'No end'
        )}
      </p>
    </>
  );
}

function columns(onEdit: (c: AdminCoupon) => void): DataTableColumn<AdminCoupon>[] {
  return [
    {
      id: 'code',
      header: 'Code',
      sortable: true,
      rowHeader: true,
      cell: (c) => (
        <>
          <code className="font-semibold text-slate-900">{c.code}</code>
          <p className="mt-0.5 max-w-64 text-xs text-slate-600">{c.description}</p>
        </>
      ),
    },
    {
      id: 'discount',
      header: 'Discount',
      cell: (c) => (
        <>
          <span className="text-slate-900">{discountWords(c)}</span>
          <p className="text-xs text-slate-600">{c.minOrderPaise > 0 ? `On ${formatPaise(c.minOrderPaise)} or more` : 'No minimum'}</p>
        </>
      ),
    },
    { id: 'scope', header: 'Applies to', className: 'text-slate-700', cell: (c) => c.scope ?? 'Whole cart' },
    {
      id: 'expiresAt',
      header: 'Valid',
      sortable: true,
      className: 'text-xs whitespace-nowrap text-slate-700',
      cell: (c) => <CouponPeriod coupon={c} />,
    },
    {
      id: 'usedCount',
      header: 'Uses',
      sortable: true,
      descendingFirst: true,
      className: 'whitespace-nowrap',
      cell: (c) => (
        <>
          <span className="text-slate-900">
            {formatCount(c.usedCount)}
            {c.usageLimit !== null ? ` of ${formatCount(c.usageLimit)}` : ''}
          </span>
          <p className="text-xs text-slate-600">{c.perCustomerLimit === 1 ? 'Once per customer' : `${c.perCustomerLimit} per customer`}</p>
        </>
      ),
    },
    { id: 'status', header: 'Status', cell: (c) => <Badge tone={STATUS_TONES[c.status]}>{COUPON_STATUS_LABELS[c.status]}</Badge> },
    {
      id: 'actions',
      rowActions: true,
      header: 'Actions',
      align: 'right',
      cell: (c) => <CouponActions coupon={c} onEdit={() => onEdit(c)} />,
    },
  ];
}

/** The coupons of the filter: newest first by default, each opening to its redemptions. */
export function CouponsList({
  filter,
  onPageChange,
  onSortChange,
  onClearFilters,
  onCreate,
}: {
  filter: CouponsFilter;
  onPageChange: (page: number) => void;
  onSortChange: (sort: NonNullable<CouponsFilter['sort']>) => void;
  onClearFilters: () => void;
  onCreate: () => void;
}) {
  const coupons = useQuery(couponsQueryOptions(filter));
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const filtered = Boolean(filter.q || filter.status);
  const sort: DataTableSort = parseSort(filter.sort ?? '-createdAt');
  return (
    <>
      <DataTable<AdminCoupon>
        caption={`Coupons${sort.column === 'createdAt' ? ', newest first' : ''}${coupons.data ? ` (${coupons.data.total})` : ''}`}
        columns={columns(setEditing)}
        rowKey={(c) => c.code}
        query={coupons}
        loadingLabel="Loading coupons"
        errorTitle="The coupons could not be loaded"
        empty={
          filtered ? (
            <EmptyState
              icon={<TicketPercent />}
              title="No coupons match"
              action={
                <Button variant="secondary" onClick={onClearFilters}>
                  Clear filters
                </Button>
              }
            >
              No coupon has this status or these words in its code or description.
            </EmptyState>
          ) : (
            <EmptyState icon={<TicketPercent />} title="No coupons yet" action={<Button onClick={onCreate}>New coupon</Button>}>
              Create a code customers can use at checkout.
            </EmptyState>
          )
        }
        sort={sort}
        onSortChange={(s) => onSortChange((s.descending ? `-${s.column}` : s.column) as NonNullable<CouponsFilter['sort']>)}
        onPageChange={onPageChange}
        paginationLabel="Coupon pages"
        details={{ render: (c) => <CouponRedemptions code={c.code} />, label: (c) => `Redemptions of ${c.code}` }}
        rowProps={() => ({ 'data-testid': 'coupon-row' })}
        minWidth="64rem"
      />
      {editing && <CouponFormDialog key={editing.code} coupon={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
    </>
  );
}
