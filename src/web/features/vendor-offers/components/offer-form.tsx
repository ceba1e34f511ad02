import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { discountPercent } from '~/shared/catalogue';
import { formatPaise, parseRupeesToPaise } from '~/shared/money';
import { paths } from '~/shared/paths';
import type { CatalogueMatchResponse, OfferInput } from '~/shared/schemas/vendor-offers';
import { Link } from 'react-router';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { FieldShell, TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';
import { FORM_FIELD_OF, offerFormSchema, type OfferFormInput, type OfferFormOutput } from './offer-form-schema';
import { configurationText, MatchedProductHeading } from './offer-parts';

export type MatchedProduct = CatalogueMatchResponse['items'][number];
export type MatchedVariant = MatchedProduct['variants'][number];

const FIELDS = ['price', 'stock', 'dispatchDays', 'warranty', 'warrantyMonths', 'condition', 'grade', 'sellerSku'] as const;

const GRADES = {
  A: 'Grade A: like new, no visible marks',
  B: 'Grade B: light marks of use',
  C: 'Grade C: visible wear, fully working',
} as const;

const DEFAULTS: OfferFormInput = {
  price: '',
  stock: '',
  dispatchDays: '1',
  warranty: '',
  warrantyMonths: '12',
  condition: 'new',
  grade: '',
  sellerSku: '',
};

/**
 * The seller's offer of one configuration of a catalogue product: its price (₹, at most the MRP, shown back
 * the Indian way with the discount shoppers will see), stock, days to dispatch, warranty, condition (new, or
 * refurbished with a grade) and its own SKU. It checks what the server checks; the server's field errors
 * land on their fields, any other refusal above the buttons.
 */
export function OfferForm({
  product,
  variant,
  onSubmit,
  onChooseAnother,
}: {
  product: MatchedProduct;
  variant: MatchedVariant;
  /** Sends the offer; a rejection with the server's field errors puts them on the fields. */
  onSubmit: (input: OfferInput) => Promise<unknown>;
  onChooseAnother: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => offerFormSchema(variant.mrpPaise), [variant.mrpPaise]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OfferFormInput, unknown, OfferFormOutput>({ resolver: zodResolver(schema), defaultValues: DEFAULTS, mode: 'onTouched' });
  const [price, condition] = useWatch({ control, name: ['price', 'condition'] });
  const typed = parseRupeesToPaise(String(price ?? ''));

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit({ variantId: variant.variantId, ...values });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS, FORM_FIELD_OF));
    }
  });

  const priceHint =
    typed !== null && typed >= 100 && typed <= variant.mrpPaise
      ? `Shoppers see ${formatPaise(typed)}${typed < variant.mrpPaise ? `, ${discountPercent(typed, variant.mrpPaise)}% off the MRP of ${formatPaise(variant.mrpPaise)}` : ', the MRP'}`
      : `GST included, up to the MRP of ${formatPaise(variant.mrpPaise)}`;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="offer-form-heading" className="space-y-6">
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="offer-form-heading" className="text-lg font-semibold text-slate-900">
          Your offer
        </h2>
        <div className="mt-3">
          <MatchedProductHeading product={product} level="h3" shopLink={paths.productConfiguration(product.productId, variant.variantId)} />
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Configuration</dt>
          <dd className="font-medium text-slate-900">{configurationText(variant.configuration)}</dd>
          <dt className="text-slate-600">MRP</dt>
          <dd className="text-slate-900 tabular-nums">{formatPaise(variant.mrpPaise)}</dd>
          <dt className="text-slate-600">Sold now</dt>
          <dd className="text-slate-900">
            {variant.fromPricePaise !== null
              ? `From ${formatPaise(variant.fromPricePaise)}, by ${variant.sellerCount} ${variant.sellerCount === 1 ? 'seller' : 'sellers'}`
              : 'No seller has it in stock now'}
          </dd>
        </dl>
        {variant.offeredByYou && (
          <Alert tone="info" title="You offer this configuration already" className="mt-4">
            A second offer of it must be in another condition (refurbished, or another grade). To change the price or stock of the one you
            have, go to <Link to={paths.vendor.offers}>your offers</Link>.
          </Alert>
        )}
      </section>

      <section aria-labelledby="offer-terms-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="offer-terms-heading" className="text-lg font-semibold text-slate-900">
          Price, stock and warranty
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Shoppers see your offer on the product&rsquo;s page beside the other sellers&rsquo;: the lowest delivered price in stock is shown
          first.
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            label="Your price (₹)"
            inputMode="decimal"
            autoComplete="off"
            hint={priceHint}
            error={errors.price?.message}
            {...register('price')}
          />
          <TextField
            label="Stock"
            inputMode="numeric"
            autoComplete="off"
            hint="Units you can ship now"
            error={errors.stock?.message}
            {...register('stock')}
          />
          <TextField
            label="Days to dispatch"
            inputMode="numeric"
            autoComplete="off"
            hint="0 to 30: days from the order until you hand it to the courier (0: the same day)"
            error={errors.dispatchDays?.message}
            {...register('dispatchDays')}
          />
          <TextField
            label="Your SKU"
            optional
            autoComplete="off"
            hint="Your own code for it, as your CSV files name it"
            error={errors.sellerSku?.message}
            {...register('sellerSku')}
          />
          <TextField
            label="Warranty"
            hint="As the product page shows it, e.g. 1 year onsite (Dell)"
            error={errors.warranty?.message}
            {...register('warranty')}
          />
          <TextField
            label="Warranty (months)"
            inputMode="numeric"
            autoComplete="off"
            error={errors.warrantyMonths?.message}
            {...register('warrantyMonths')}
          />
        </div>
      </section>

      <section aria-labelledby="offer-condition-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="offer-condition-heading" className="text-lg font-semibold text-slate-900">
          Condition
        </h2>
        <fieldset className="mt-3">
          <legend className="sr-only">Condition</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input type="radio" value="new" className="mt-1 size-4" {...register('condition')} />
              <span>
                <span className="block font-medium text-slate-900">New</span>
                <span className="block text-sm text-slate-600">Sealed in the maker&rsquo;s box.</span>
              </span>
            </label>
            <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input type="radio" value="refurbished" className="mt-1 size-4" {...register('condition')} />
              <span>
                <span className="block font-medium text-slate-900">Refurbished</span>
                <span className="block text-sm text-slate-600">Checked and restored; shoppers see its grade.</span>
              </span>
            </label>
          </div>
          {errors.condition?.message && <p className="mt-2 text-sm text-red-700">{errors.condition.message}</p>}
        </fieldset>
        {condition === 'refurbished' && (
          <FieldShell label="Grade" error={errors.grade?.message} className="mt-4 max-w-md">
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
                {...register('grade')}
              >
                <option value="">Choose a grade</option>
                {(Object.keys(GRADES) as (keyof typeof GRADES)[]).map((g) => (
                  <option key={g} value={g}>
                    {GRADES[g]}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
        )}
      </section>

      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onChooseAnother}>
          Choose another product
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Put my offer on sale
        </Button>
      </div>
    </form>
  );
}
