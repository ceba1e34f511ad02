import { useQuery } from '@tanstack/react-query';
import { BusinessLines } from '~/web/components/address/business-lines';
import { Clock, FileX, Printer } from 'lucide-react';
import { Link } from 'react-router';
import { SHOP } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS } from '~/shared/orders';
import { paths } from '~/shared/paths';
import { documentHeld, documentHeldMessage } from '~/shared/schemas/einvoices';
import type { OrderDetail, OrderItem } from '~/shared/schemas/orders';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { EmptyState, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
import { formatDate } from '~/web/lib/format';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import { amountInWords } from '~/shared/amount-in-words';
import { invoicePdfUrl, orderQueryOptions } from '../api/order-queries';
import { OrderNotFound } from './order-details-view';
import { AddressLines } from './order-panels';

// The public layout's header, footer and skip link are not this page's to change: while the
// invoice is on screen, printing leaves them out (and the page's own padding and background).
const PRINT_CSS = `@media print {
  #root header, #root footer, #root a[href="#main"], section[aria-label^="Notifications"] { display: none !important; }
  #root main { padding: 0 !important; max-width: none !important; }
  body { background: #fff !important; }
  @page { size: A4; margin: 12mm; }
}`;

const percent = (bp: number) => `${(bp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

interface Seller {
  name: string;
  gstin: string | null;
  state: string;
}

function sellersOf(items: OrderItem[]): Seller[] {
  const seen = new Map<string, Seller>();
  for (const item of items) {
    const key = `${item.sellerName}|${item.sellerGstin ?? ''}`;
    if (!seen.has(key)) seen.set(key, { name: item.sellerName, gstin: item.sellerGstin, state: item.sellerState });
  }
  return [...seen.values()];
}

/** The printable GST tax invoice of an order, or why there is none yet. */
export function TaxInvoicePage({ orderId }: { orderId: string }) {
  const { data: order, isPending, isError, error, refetch } = useQuery(orderQueryOptions(orderId));
  useDocumentTitle(order?.invoice ? `Invoice ${order.invoice.number}` : 'Invoice');

  if (isPending) return <ListSkeleton rows={5} label="Loading the invoice" />;
  if (isError) {
    if (isApiError(error) && error.status === 404) return <OrderNotFound />;
    return (
      <div>
        <h1 className="sr-only">Invoice</h1>
        <ErrorState title="The invoice could not be loaded" error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!order.invoice) {
    return (
      <div>
        <h1 className="sr-only">Invoice not available</h1>
        <EmptyState
          icon={<FileX />}
          title="The invoice is not available yet"
          action={<ButtonLink to={paths.orderDetails(order.id)}>Back to the order</ButtonLink>}
        >
          {order.status === 'pending_payment'
            ? `Order ${order.orderNumber} is waiting for payment. Its GST invoice is issued once it is paid.`
            : `Order ${order.orderNumber} has no GST invoice. Invoices are issued once an order is confirmed.`}
        </EmptyState>
      </div>
    );
  }
  if (documentHeld(order.invoice.eInvoices)) {
    return (
      <div>
        <h1 className="sr-only">Invoice not available yet</h1>
        <EmptyState
          icon={<Clock />}
          title="The invoice is being registered"
          action={<ButtonLink to={paths.orderDetails(order.id)}>Back to the order</ButtonLink>}
        >
          {documentHeldMessage('invoice', order.invoice.eInvoices)}
        </EmptyState>
      </div>
    );
  }
  return <TaxInvoice order={order} invoice={order.invoice} />;
}

function TaxInvoice({ order, invoice }: { order: OrderDetail; invoice: NonNullable<OrderDetail['invoice']> }) {
  const sellers = sellersOf(order.items);
  const showCgst = order.items.some((i) => i.cgstPaise + i.sgstPaise > 0) || (order.intraState && order.totals.igstPaise === 0);
  const showIgst = order.items.some((i) => i.igstPaise > 0) || !showCgst;
  const sum = (key: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise') => order.items.reduce((n, i) => n + i[key], 0);
  const goodsTotal = order.items.reduce((n, i) => n + i.lineTotalPaise - i.discountPaise, 0);
  const cell = 'border border-slate-300 px-2 py-1.5';
  const num = `${cell} text-right tabular-nums`;

  return (
    <div className="mx-auto max-w-5xl">
      <style>{PRINT_CSS}</style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={paths.orderDetails(order.id)} className="text-sm text-brand-700 hover:underline">
          ← Order {order.orderNumber}
        </Link>
        <div className="flex flex-wrap gap-2">
          <a
            href={invoicePdfUrl(order.id)}
            download={`${invoice.number}.pdf`}
            className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            Download PDF
          </a>
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
        </div>
      </div>

      <article
        className="rounded-lg border border-slate-300 bg-white p-5 text-sm text-slate-900 sm:p-8 print:rounded-none print:border-0 print:p-0"
        aria-labelledby="invoice-title"
      >
        <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-300 pb-4">
          <div>
            <h1 id="invoice-title" className="text-2xl font-bold tracking-tight">
              Tax invoice
            </h1>
            <p className="text-slate-600">Original for recipient</p>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            <dt className="text-slate-600">Invoice number</dt>
            <dd className="font-semibold" data-testid="invoice-number">
              {invoice.number}
            </dd>
            <dt className="text-slate-600">Invoice date</dt>
            <dd>{formatDate(invoice.date)}</dd>
            <dt className="text-slate-600">Order number</dt>
            <dd>{order.orderNumber}</dd>
            <dt className="text-slate-600">Order date</dt>
            <dd>{formatDate(order.orderDate)}</dd>
          </dl>
        </div>

        <div className="grid gap-4 border-b border-slate-300 py-4 sm:grid-cols-3 print:grid-cols-3">
          <section aria-labelledby="invoice-sold-by">
            <h2 id="invoice-sold-by" className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              Sold by
            </h2>
            {sellers.map((seller) => (
              <p key={`${seller.name}-${seller.gstin}`} className="mb-2" data-testid="invoice-seller">
                <span className="font-semibold">{seller.name}</span>
                <br />
                GSTIN: {seller.gstin ?? 'not registered'}
                <br />
                State: {seller.state}
              </p>
            ))}
          </section>
          <section aria-labelledby="invoice-bill-to">
            <h2 id="invoice-bill-to" className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {order.business ? 'Billed to' : 'Bill to'}
            </h2>
            {order.business ? (
              <BusinessLines business={order.business} />
            ) : (
              <>
                <AddressLines address={order.address} />
                <p className="mt-1 text-slate-600">{order.customer.email}</p>
              </>
            )}
          </section>
          <section aria-labelledby="invoice-ship-to">
            <h2 id="invoice-ship-to" className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              Ship to
            </h2>
            <AddressLines address={order.address} />
            {!order.business && <p className="mt-1 text-slate-600">Place of supply: {order.address.state}</p>}
          </section>
        </div>

        {/* A table wider than a phone scrolls sideways; keyboard users need to reach it to scroll it. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="overflow-x-auto py-4 print:overflow-visible" tabIndex={0} role="region" aria-label="Invoice lines">
          <table className="w-full min-w-[48rem] border-collapse text-xs sm:text-sm print:min-w-0 print:text-[10px]">
            <caption className="sr-only">Goods, their GST and totals</caption>
            <thead className="bg-slate-100 print:bg-transparent">
              <tr>
                <th scope="col" className={`${cell} text-left`}>
                  Description
                </th>
                <th scope="col" className={`${cell} text-left`}>
                  HSN
                </th>
                <th scope="col" className={num}>
                  Qty
                </th>
                <th scope="col" className={num}>
                  Unit price (incl. GST)
                </th>
                <th scope="col" className={num}>
                  Discount
                </th>
                <th scope="col" className={num}>
                  Taxable value
                </th>
                <th scope="col" className={num}>
                  GST rate
                </th>
                {showCgst && (
                  <>
                    <th scope="col" className={num}>
                      CGST
                    </th>
                    <th scope="col" className={num}>
                      SGST
                    </th>
                  </>
                )}
                {showIgst && (
                  <th scope="col" className={num}>
                    IGST
                  </th>
                )}
                <th scope="col" className={num}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id} data-testid="invoice-line">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    {item.name}
                    <span className="block text-slate-600">
                      {item.brand} · sold by {item.sellerName}
                    </span>
                  </th>
                  <td className={cell}>{item.hsnCode}</td>
                  <td className={num}>{item.quantity}</td>
                  <td className={num}>{formatPaise(item.unitPricePaise)}</td>
                  <td className={num}>{item.discountPaise > 0 ? `−${formatPaise(item.discountPaise)}` : '—'}</td>
                  <td className={num}>{formatPaise(item.taxablePaise)}</td>
                  <td className={num}>{percent(item.gstRateBp)}</td>
                  {showCgst && (
                    <>
                      <td className={num}>{formatPaise(item.cgstPaise)}</td>
                      <td className={num}>{formatPaise(item.sgstPaise)}</td>
                    </>
                  )}
                  {showIgst && <td className={num}>{formatPaise(item.igstPaise)}</td>}
                  <td className={num}>{formatPaise(item.lineTotalPaise - item.discountPaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="font-semibold">
              <tr>
                <th scope="row" colSpan={5} className={`${cell} text-left`}>
                  Goods total
                </th>
                <td className={num}>{formatPaise(sum('taxablePaise'))}</td>
                <td className={cell} />
                {showCgst && (
                  <>
                    <td className={num}>{formatPaise(sum('cgstPaise'))}</td>
                    <td className={num}>{formatPaise(sum('sgstPaise'))}</td>
                  </>
                )}
                {showIgst && <td className={num}>{formatPaise(sum('igstPaise'))}</td>}
                <td className={num}>{formatPaise(goodsTotal)}</td>
              </tr>
            </tfoot>
          </table>
        </div>

        <div className="flex flex-col gap-4 sm:flex-row sm:justify-between print:flex-row print:justify-between">
          <div className="max-w-md space-y-2">
            <p>
              <span className="text-slate-600">Amount in words: </span>
              <strong data-testid="amount-in-words">{amountInWords(order.totals.totalPaise)}</strong>
            </p>
            <p className="text-slate-600">Payment: {PAYMENT_METHOD_LABELS[order.paymentMethod]}. Tax is not payable on reverse charge.</p>
            {order.creditNotes.length > 0 && (
              <p className="text-slate-600" data-testid="credit-notes">
                Credit notes against this invoice:{' '}
                {order.creditNotes.map((n) => `${n.number} (${formatPaise(n.totalPaise)}, ${n.reason})`).join('; ')}.
              </p>
            )}
          </div>
          <dl className="grid min-w-64 grid-cols-[1fr_auto] gap-x-6 gap-y-1">
            <dt>Goods (incl. GST)</dt>
            <dd className="text-right tabular-nums">{formatPaise(goodsTotal)}</dd>
            <dt>{order.deliveryOption === 'express' ? 'Express delivery' : 'Standard delivery'}</dt>
            <dd className="text-right tabular-nums">
              {order.totals.shippingPaise === 0 ? 'Free' : formatPaise(order.totals.shippingPaise)}
            </dd>
            <dt className="border-t border-slate-300 pt-1 font-bold">Invoice total</dt>
            <dd className="border-t border-slate-300 pt-1 text-right font-bold tabular-nums" data-testid="invoice-total">
              {formatPaise(order.totals.totalPaise)}
            </dd>
            <dt className="text-slate-600">of which GST</dt>
            <dd className="text-right text-slate-600 tabular-nums">{formatPaise(order.totals.gstPaise)}</dd>
          </dl>
        </div>

        <p className="mt-6 border-t border-slate-300 pt-3 text-xs text-slate-600">
          Sold through {SHOP.name} (GSTIN {SHOP.gstin}). This is a computer-generated invoice and needs no signature. Questions:{' '}
          {SHOP.supportEmail}, {SHOP.phone}.
        </p>
      </article>
    </div>
  );
}
