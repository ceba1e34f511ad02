import type { EmiTenure } from '~/shared/emi';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '~/shared/orders';
import type { DeliveryOption } from '~/shared/pricing';
import type { Address } from '~/shared/schemas/address';
import type { Business } from '~/shared/schemas/business';
import type { QuoteResponse } from '~/shared/schemas/orders';
import { Button } from '~/web/components/ui/button';
import type { CheckoutStep } from './checkout-steps';
import { formatDayRange } from './format-dates';

interface ChoicesSummaryProps {
  address: Address;
  /** The business billed (decision 71), or none for a consumer. */
  business?: Business | undefined;
  quote: QuoteResponse;
  delivery: DeliveryOption;
  method: PaymentMethod | null;
  emiTenure: EmiTenure | undefined;
  onChange: (step: CheckoutStep) => void;
}

/** What was chosen in the earlier steps, each with a way back to change it. */
export function ChoicesSummary({ address, business, quote, delivery, method, emiTenure, onChange }: ChoicesSummaryProps) {
  const choice = quote.deliveryChoices.find((c) => c.option === delivery);
  const rows: { step: CheckoutStep; term: string; detail: string }[] = [
    ...(business ? [{ step: 'address' as const, term: 'Bill to', detail: `${business.legalName}, GSTIN ${business.gstin}` }] : []),
    { step: 'address', term: 'Deliver to', detail: `${address.fullName}, ${address.line1}, ${address.city} ${address.pinCode}` },
    {
      step: 'delivery',
      term: 'Delivery',
      detail: `${delivery === 'express' ? 'Express' : 'Standard'}${choice ? `, expected ${formatDayRange(choice.expectedFrom, choice.expectedBy)}` : ''}`,
    },
    {
      step: 'payment',
      term: 'Payment',
      detail: method ? `${PAYMENT_METHOD_LABELS[method]}${method === 'emi' && emiTenure ? `, ${emiTenure} months` : ''}` : 'Not chosen yet',
    },
  ];
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
      {rows.map((row) => (
        <div key={row.term} className="grid grid-cols-[1fr_auto] items-center gap-x-2 p-3">
          <dt className="col-start-1 font-medium text-slate-800">{row.term}</dt>
          <dd className="col-start-1 text-slate-700">{row.detail}</dd>
          <dd className="col-start-2 row-span-2 row-start-1">
            <Button size="sm" variant="ghost" onClick={() => onChange(row.step)} aria-label={`Change ${row.term.toLowerCase()}`}>
              Change
            </Button>
          </dd>
        </div>
      ))}
    </dl>
  );
}
