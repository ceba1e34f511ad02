import { Store } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LOW_STOCK_THRESHOLD } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { VendorOffer } from '~/shared/schemas/vendor-offers';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { ProductImage } from '~/web/components/product/product-image';
import { Badge } from '~/web/components/ui/badge';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { formatCount } from '~/web/lib/format';
import { useVendorOffers } from '../api/vendor-offers';
import { EditOfferDialog, offerName } from './edit-offer-dialog';
import { conditionText, configurationText } from './offer-parts';

function StockCell({ stock }: { stock: number }) {
  if (stock <= 0) return <Badge tone="danger">Out of stock</Badge>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="tabular-nums">{formatCount(stock)}</span>
      {stock <= LOW_STOCK_THRESHOLD && <Badge tone="warning">Low</Badge>}
    </span>
  );
}

function ChangeOffer({ offer }: { offer: VendorOffer }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Change your offer of ${offerName(offer)}, ${conditionText(offer)}`}
        onClick={() => setOpen(true)}
      >
        Change
      </Button>
      <EditOfferDialog offer={offer} open={open} onOpenChange={setOpen} />
    </>
  );
}

const columnsFor = (locked: boolean): DataTableColumn<VendorOffer>[] => [
  {
    id: 'picture',
    header: 'Picture',
    className: 'w-20',
    cell: (o) => <ProductImage image={o.image} sizes="64px" maxWidth={160} alt="" className="size-16 rounded-md bg-white" />,
  },
  {
    id: 'product',
    header: 'Product',
    rowHeader: true,
    cell: (o) => (
      <>
        <p className="font-medium text-slate-900">{o.productName}</p>
        <p className="text-slate-600">
          {o.brand} · {configurationText(o.configuration)}
        </p>
        <p className="text-slate-600">
          {conditionText(o)}
          {o.sellerSku && <> · SKU {o.sellerSku}</>}
        </p>
        {o.status === 'active' && !locked && (
          <Link to={paths.productConfiguration(o.productId, o.variantId)} className="text-xs text-slate-600 underline hover:text-brand-700">
            View in the shop
          </Link>
        )}
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (o) =>
      locked && o.status === 'active' ? (
        <Badge tone="danger">Out of the shop</Badge>
      ) : o.status === 'active' ? (
        <Badge tone="success">On sale</Badge>
      ) : (
        <Badge tone="neutral">Paused</Badge>
      ),
  },
  {
    id: 'price',
    header: 'Price',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (o) => (
      <>
        <span className="font-medium text-slate-900">{formatPaise(o.pricePaise)}</span>
        {o.mrpPaise > o.pricePaise && (
          <p className="text-xs text-slate-600">
            MRP <s>{formatPaise(o.mrpPaise)}</s>
          </p>
        )}
      </>
    ),
  },
  { id: 'stock', header: 'Stock', align: 'right', cell: (o) => <StockCell stock={o.stock} /> },
  {
    id: 'dispatch',
    header: 'Dispatch',
    className: 'whitespace-nowrap',
    cell: (o) => (o.dispatchDays === 0 ? 'Same day' : `${o.dispatchDays} ${o.dispatchDays === 1 ? 'day' : 'days'}`),
  },
  { id: 'sold', header: 'Sold', align: 'right', className: 'tabular-nums', cell: (o) => formatCount(o.soldCount) },
  ...(locked ? [] : [{ id: 'actions', header: 'Actions', rowActions: true, cell: (o: VendorOffer) => <ChangeOffer offer={o} /> }]),
];

/**
 * The seller's offers of products other sellers listed (decision 70): product, configuration and condition,
 * price, stock, dispatch, status, and Change (price, stock, dispatch, on sale or paused). While the seller may
 * not sell (`locked`) the list only shows them.
 */
export function VendorOffersTable({ locked = false }: { locked?: boolean }) {
  const offers = useVendorOffers();
  const columns = useMemo(() => columnsFor(locked), [locked]);
  return (
    <DataTable<VendorOffer>
      caption={`Your offers on other sellers’ products${offers.data ? ` (${offers.data.total} in all)` : ''}`}
      columns={columns}
      rowKey={(o) => o.id}
      query={offers}
      loadingLabel="Loading your offers"
      errorTitle="Your offers could not be loaded"
      empty={
        <EmptyState
          icon={<Store />}
          title="No offers yet"
          action={<ButtonLink to={paths.vendor.sellExisting}>Sell an existing product</ButtonLink>}
        >
          When a product you stock is in the catalogue already, sell it from its page beside the other sellers instead of listing it again:
          find it by brand, model number or EAN and add your price and stock.
        </EmptyState>
      }
      onPageChange={() => undefined}
      paginationLabel="Offer pages"
      minWidth="60rem"
      phoneCards
    />
  );
}
