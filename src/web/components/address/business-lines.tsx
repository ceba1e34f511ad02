import type { OrderBusiness } from '~/shared/schemas/business';
import { placeOfSupplyLabel } from '~/shared/schemas/business';

/** A business as its invoices name it (decision 71): legal name, GSTIN, billing address and the place of supply. */
export function BusinessLines({ business, showName = true }: { business: OrderBusiness; showName?: boolean }) {
  const a = business.billingAddress;
  return (
    <div className="text-sm leading-6 text-slate-700">
      {showName && <p className="font-semibold text-slate-900">{business.legalName}</p>}
      <p>
        GSTIN <span className="font-mono text-slate-900">{business.gstin}</span>
      </p>
      <address className="not-italic">
        {a.line1}
        {a.line2 ? `, ${a.line2}` : ''}, {a.city}, {a.state} {a.pinCode}
      </address>
      <p>Place of supply: {placeOfSupplyLabel(a.state)}</p>
    </div>
  );
}
