import type { PayoutRates } from '~/shared/schemas/payouts';
import { formatDate } from '~/web/lib/format';
import { percent } from './payout-format';

/** What the marketplace deducts from each delivered line, why, and under which law; and when a line is paid. */
export function DeductionsExplained({ rates }: { rates: PayoutRates }) {
  return (
    <section aria-labelledby="deductions-heading" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <h2 id="deductions-heading" className="text-base font-semibold text-slate-900">
        What is deducted, and why
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 text-slate-700 md:grid-cols-2">
        {rates.ownStore ? (
          <div className="md:col-span-2" data-testid="own-store-deductions">
            <dt className="font-semibold text-slate-900">Your own store’s sales: no commission, TCS or TDS</dt>
            <dd>
              This store’s GSTIN is the shop’s own, so its sales are the shop’s own supplies, not supplies of another seller through the
              marketplace: no commission or GST on it is charged, no TCS is collected ({rates.tcs.source} applies to other suppliers only,
              and these sales are not in GSTR-8) and no TDS is deducted ({rates.tds.source}). Each line’s net is its sale, after its share
              of any coupon. A line is judged on the day it is delivered.
            </dd>
          </div>
        ) : (
          <MarketplaceDeductions rates={rates} />
        )}
        <div className="md:col-span-2">
          <dt className="font-semibold text-slate-900">When you are paid</dt>
          <dd>
            A line becomes payable when the customer’s {rates.returnWindowDays}-day return window after the order’s delivery closes (a
            return asked for holds it; a refunded return removes it). Every Monday the lines that became payable by the Sunday before are
            settled into one payout, and the bank transfer follows with its reference (UTR).
            {rates.ownStore ? '' : ' Each figure is rounded to the paisa on its own; what you get is the sale less the four deductions.'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Commission, GST on it, TCS and TDS: what a seller other than the shop's own store is charged. */
function MarketplaceDeductions({ rates }: { rates: PayoutRates }) {
  const withoutPan = rates.vendorTdsBp === rates.tdsWithoutPan.bp;
  return (
    <>
      <div>
        <dt className="font-semibold text-slate-900">Commission</dt>
        <dd>
          The marketplace’s fee, on the sale value including GST (after the line’s share of any coupon):{' '}
          {rates.commission.map((c) => `${c.category} ${percent(c.rateBp)}`).join(', ')}. A line keeps the rate of the day it was delivered.
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">GST on commission</dt>
        <dd>
          {percent(rates.commissionGst.bp)} of the commission ({rates.commissionGst.source}). Our tax invoice for it lets you claim the
          input tax credit.
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">TCS</dt>
        <dd>
          {percent(rates.tcs.bp)} of the value before GST, collected since {formatDate(rates.tcs.since)} under {rates.tcs.source}: half CGST
          and half SGST when the customer is in your state, IGST otherwise. It is credited to your GSTIN’s electronic cash ledger (we file
          it in GSTR-8).
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900">TDS</dt>
        <dd>
          {percent(rates.tds.bp)} of the sale value, since {formatDate(rates.tds.since)} under {rates.tds.source};{' '}
          {percent(rates.tdsWithoutPan.bp)} without a PAN ({rates.tdsWithoutPan.source}). It is credited to your PAN (Form 26AS).{' '}
          {withoutPan ? (
            <strong className="text-red-800">
              We have no PAN or GSTIN of yours, so {percent(rates.vendorTdsBp)} is deducted: add one in your profile.
            </strong>
          ) : (
            `You are charged ${percent(rates.vendorTdsBp)}.`
          )}
        </dd>
      </div>
    </>
  );
}
