import { Mail, Phone, Star, Store } from 'lucide-react';
import { useId } from 'react';
import type { ProductDetail, ProductOffer, SpecRow } from '~/shared/schemas/catalogue';
import { NOT_STATED, sellerRatingText } from '~/shared/seller-details';

/**
 * What the marketplace tells a shopper about a seller before they buy (Consumer Protection (E-Commerce) Rules
 * 2020, rules 5 and 6; decision 73): legal name, address, customer care, rating, and the return and warranty terms.
 */
export function SellerFacts({ offer, returnTerms }: { offer: ProductOffer; returnTerms: string }) {
  const d = offer.sellerDetails;
  const tel = `tel:${d.carePhone.replace(/\s/g, '')}`;
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="font-medium text-slate-600">Legal name</dt>
      <dd className="text-slate-900">{d.legalName}</dd>
      <dt className="font-medium text-slate-600">Address</dt>
      <dd className="text-slate-900">{d.address}</dd>
      <dt className="font-medium text-slate-600">Customer care</dt>
      <dd className="flex flex-wrap gap-x-4 gap-y-1 text-slate-900">
        <a href={tel} className="inline-flex items-center gap-1 text-blue-700 underline-offset-2 hover:underline">
          <Phone aria-hidden="true" className="size-4" />
          {d.carePhone}
        </a>
        {d.careEmail ? (
          <a
            href={`mailto:${d.careEmail}`}
            className="inline-flex items-center gap-1 break-all text-blue-700 underline-offset-2 hover:underline"
          >
            <Mail aria-hidden="true" className="size-4" />
            {d.careEmail}
          </a>
        ) : null}
      </dd>
      <dt className="font-medium text-slate-600">Seller rating</dt>
      <dd className="inline-flex items-center gap-1 text-slate-900">
        {d.rating ? <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" /> : null}
        {sellerRatingText(d.rating)}
      </dd>
      <dt className="font-medium text-slate-600">Returns</dt>
      <dd className="text-slate-900">{returnTerms}</dd>
      <dt className="font-medium text-slate-600">Warranty</dt>
      <dd className="text-slate-900">{offer.warranty}</dd>
    </dl>
  );
}

/** The seller of the offer shown in the buy box, in a section of its own under the product's summary. */
export function SellerDetailsSection({ offer, returnTerms }: { offer: ProductOffer; returnTerms: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-lg font-bold text-slate-900">
        <Store aria-hidden="true" className="size-5 text-slate-500" />
        Seller details of {offer.seller.name}
      </h2>
      <SellerFacts offer={offer} returnTerms={returnTerms} />
    </section>
  );
}

/** Another seller's details, folded under its line in "N more sellers". */
export function SellerDetailsDisclosure({ offer, returnTerms }: { offer: ProductOffer; returnTerms: string }) {
  return (
    <details className="mt-1 text-sm">
      <summary className="cursor-pointer text-xs font-medium text-blue-700">Seller details of {offer.seller.name}</summary>
      <div className="mt-2">
        <SellerFacts offer={offer} returnTerms={returnTerms} />
      </div>
    </details>
  );
}

/** The specification table's "Origin" rows: country of origin and manufacturer or importer (Legal Metrology). */
export function originRows(origin: ProductDetail['origin']): SpecRow[] {
  const maker = [origin.makerName, origin.makerAddress].filter(Boolean).join(', ');
  return [
    { group: 'Origin', label: 'Country of origin', value: origin.country ?? NOT_STATED },
    { group: 'Origin', label: origin.country ? origin.makerRole : 'Manufacturer or importer', value: maker || NOT_STATED },
  ];
}
