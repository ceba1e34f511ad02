import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { CATEGORIES, DEFAULT_BUSINESS_LINE_QUANTITY, MAX_LINE_QUANTITY, type Category } from '~/shared/constants';
import { formatPaise, parseRupeesToPaise } from '~/shared/money';
import { PRICING } from '~/shared/pricing';
import { COMMON_ORIGIN_COUNTRIES, makerRoleOf } from '~/shared/seller-details';
import {
  CATEGORY_SPECS,
  DEFAULT_HSN,
  GST_RATE_PERCENTS,
  REMOVED_GST_RATE_PERCENTS,
  productFormValues,
  productInputSchema,
  SPEC_FIELDS,
  VENDOR_PRODUCT_STATUSES,
  type OwnProduct,
  type ProductInput,
  type ProductWrite,
  type SpecField,
} from '~/shared/schemas/vendor-products';
import { Button } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { FieldShell, SelectField, TextareaField, TextField } from '~/web/components/ui/form-fields';
import { applyServerErrors } from '~/web/lib/form-errors';

const STATUS_CHOICES: Record<(typeof VENDOR_PRODUCT_STATUSES)[number], { label: string; hint: string }> = {
  draft: { label: 'Draft', hint: 'Saved for you only; customers do not see it.' },
  active: { label: 'On sale', hint: 'In the shop, its search and filters as soon as you save.' },
  archived: { label: 'Archived', hint: 'Out of the shop; past orders keep it.' },
};

const FIELDS = [
  'category',
  'brand',
  'name',
  'sku',
  'model',
  'description',
  'price',
  'mrp',
  'hsnCode',
  'gstRatePercent',
  'stock',
  'warranty',
  'warrantyMonths',
  'weightKg',
  'lengthCm',
  'widthCm',
  'heightCm',
  'status',
  'originCountry',
  'makerName',
  'makerAddress',
  'maxConsumerQuantity',
  'maxBusinessQuantity',
  ...(Object.keys(SPEC_FIELDS) as SpecField[]),
] as const satisfies readonly FieldPath<ProductInput>[];

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** Rupees typed in the form as paise, or null while the text is not an amount yet. */
function typedPaise(value: unknown): number | null {
  return parseRupeesToPaise(String(value ?? ''));
}

interface ProductFormProps {
  /** The product being edited; a new one when null. */
  product: OwnProduct | null;
  /** Sends the values as typed; a rejection with the server's field errors puts them on the fields. */
  onSubmit: (values: ProductInput) => Promise<unknown>;
  submitLabel: string;
  /** Under the form's sections, before the buttons (the pictures of a saved product). */
  children?: ReactNode;
  /**
   * The shop's admin edits a seller's product (admin console): the status stays choosable while the
   * product is hidden or under review, as the admin's save decides it (a hidden one stays hidden).
   */
  asAdmin?: boolean;
  /**
   * How many pictures the product has now (a new product has none: they are added after saving), so
   * that putting it on sale without one is said before the save, not found in the shop.
   */
  pictureCount?: number;
}

/**
 * The seller centre's product form. It validates with the same zod schema as the server
 * (`productInputSchema`): the category decides which typed specifications it asks for, and the
 * server receives exactly what the vendor typed (rupees, kg, cm) and checks it again.
 */
export function ProductForm({ product, onSubmit, submitLabel, children, asAdmin = false, pictureCount }: ProductFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  // Set by a save that found fields to fix, cleared by the next save: the banner never comes or goes
  // while fields are typed in or left (it stands above the buttons; a jump there made clicks miss).
  const [fieldsToFix, setFieldsToFix] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting, submitCount, touchedFields },
  } = useForm<ProductInput, unknown, ProductWrite>({
    resolver: zodResolver(productInputSchema),
    defaultValues: productFormValues(product),
    mode: 'onTouched',
  });
  const extra = useFieldArray({ control, name: 'extraSpecs' });
  const savedRate = product ? product.gstRateBp / 100 : undefined;
  const savedRemovedRate = (REMOVED_GST_RATE_PERCENTS as readonly number[]).includes(savedRate ?? -1) ? savedRate : undefined;
  const category = useWatch({ control, name: 'category' }) as Category;
  const status = useWatch({ control, name: 'status' });
  const [price, mrp] = useWatch({ control, name: ['price', 'mrp'] });
  const makerRole = makerRoleOf(String(useWatch({ control, name: 'originCountry' }) ?? '').trim() || null);
  const pricePaise = typedPaise(price);
  const mrpPaise = typedPaise(mrp);
  const discount = pricePaise && mrpPaise && mrpPaise > pricePaise ? Math.floor(((mrpPaise - pricePaise) * 100) / mrpPaise) : 0;

  const changeCategory = (next: Category) => {
    const previous = getValues('category') as Category;
    // The HSN code and GST rate follow the category unless the vendor changed them.
    if (getValues('hsnCode') === DEFAULT_HSN[previous]) setValue('hsnCode', DEFAULT_HSN[next]);
    if (Number(getValues('gstRatePercent')) === PRICING.gstRateBp[previous] / 100)
      setValue('gstRatePercent', PRICING.gstRateBp[next] / 100);
  };

  const submit = handleSubmit(
    async () => {
      setFormError(null);
      setFieldsToFix(false);
      try {
        const values = getValues();
        await onSubmit(product ? { ...values, stockWas: product.stock } : values);
      } catch (error) {
        const message = applyServerErrors(error, setError, FIELDS);
        setFormError(message);
        setFieldsToFix(message === null);
      }
    },
    () => {
      setFormError(null);
      setFieldsToFix(true);
    },
  );

  const err = (name: FieldPath<ProductInput>) => {
    const e = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      { message?: string } | undefined;
    return e?.message;
  };
  // A line of "More specifications" is checked as a whole when one of its fields is left: its other
  // field's error waits until that field is left too (or the form is sent), not while it is typed.
  const lineErr = (i: number, part: 'label' | 'value') =>
    submitCount > 0 || touchedFields.extraSpecs?.[i]?.[part] ? err(`extraSpecs.${i}.${part}`) : undefined;
  const categoryRegistration = register('category');

  return (
    <form onSubmit={submit} noValidate aria-label={product ? `Edit ${product.name}` : 'New product'} className="space-y-6">
      <Section title="What it is">
        <SelectField
          label="Category"
          options={CATEGORIES}
          error={err('category')}
          {...categoryRegistration}
          onChange={(e) => {
            changeCategory(e.target.value as Category);
            return categoryRegistration.onChange(e);
          }}
        />
        <TextField label="Brand" error={err('brand')} {...register('brand')} />
        <TextField
          label="Name"
          className="sm:col-span-2"
          hint="As customers search for it: brand, series, processor, memory, storage"
          error={err('name')}
          {...register('name')}
        />
        <TextField
          label="Your SKU"
          optional
          hint="Matches rows of your CSV imports to this product"
          error={err('sku')}
          {...register('sku')}
        />
        <TextField label="Model number" optional error={err('model')} {...register('model')} />
      </Section>

      <Section
        title={`${category} specifications`}
        description="The shop's filters, search and compare read these: a product with them right is found by buyers who filter for it."
      >
        {CATEGORY_SPECS[category].map(({ field, required }) => {
          const spec = SPEC_FIELDS[field];
          const listId = `spec-${field}-suggestions`;
          if (field === 'ports') {
            return (
              <TextareaField
                key={field}
                label={`${spec.label}${required ? '' : ' (optional)'}`}
                hint={spec.hint}
                className="sm:col-span-2"
                error={err('ports')}
                {...register('ports')}
              />
            );
          }
          return (
            <div key={field}>
              <TextField
                label={spec.label}
                optional={!required}
                hint={spec.hint || undefined}
                list={spec.suggestions.length ? listId : undefined}
                error={err(field)}
                {...register(field)}
              />
              {spec.suggestions.length > 0 && (
                <datalist id={listId}>
                  {spec.suggestions.map((s) => (
                    <option key={s} value={s} />
                  ))}
                </datalist>
              )}
            </div>
          );
        })}
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">More specifications (optional)</legend>
          <p className="text-xs text-slate-600">Lines shown in the product's specification table, such as Battery or Webcam.</p>
          <ul className="mt-2 space-y-2">
            {extra.fields.map((line, i) => (
              <li key={line.id} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
                <TextField label={`Line ${i + 1} label`} error={lineErr(i, 'label')} {...register(`extraSpecs.${i}.label`)} />
                <TextField label={`Line ${i + 1} value`} error={lineErr(i, 'value')} {...register(`extraSpecs.${i}.value`)} />
                <Button variant="ghost" aria-label={`Remove line ${i + 1}`} onClick={() => extra.remove(i)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
          {extra.fields.length < 30 && (
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => extra.append({ label: '', value: '' })}>
              <Plus aria-hidden="true" className="size-4" /> Add a line
            </Button>
          )}
        </fieldset>
      </Section>

      <Section title="Description">
        <TextareaField
          label="Description"
          hint="Who it suits and why, in your words (30 to 5,000 characters)"
          className="sm:col-span-2"
          error={err('description')}
          {...register('description')}
        />
      </Section>

      <Section title="Price and tax" description="Prices include GST. Orders already placed keep the price they were placed at.">
        <TextField label="Price (₹)" inputMode="decimal" error={err('price')} {...register('price')} />
        <TextField
          label="MRP (₹)"
          inputMode="decimal"
          hint={
            discount > 0 && pricePaise
              ? `Customers see ${discount}% off: ${formatPaise(pricePaise)} instead of ${formatPaise(mrpPaise!)}`
              : undefined
          }
          error={err('mrp')}
          {...register('mrp')}
        />
        <TextField label="HSN code" inputMode="numeric" error={err('hsnCode')} {...register('hsnCode')} />
        <FieldShell label="GST rate" error={err('gstRatePercent')}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
              {...register('gstRatePercent')}
            >
              {GST_RATE_PERCENTS.map((rate) => (
                <option key={rate} value={rate}>
                  {rate}%
                </option>
              ))}
              {/* A product saved before 22 Sept 2025 may carry a removed slab: shown as it is, to be changed. */}
              {savedRemovedRate !== undefined && <option value={savedRemovedRate}>{savedRemovedRate}% (no longer a GST rate)</option>}
            </select>
          )}
        </FieldShell>
      </Section>

      <Section title="Stock and shipping" description="The packed size and weight go to the courier with each shipment.">
        <TextField label="Stock" inputMode="numeric" error={err('stock')} {...register('stock')} />
        <TextField label="Packed weight (kg)" inputMode="decimal" error={err('weightKg')} {...register('weightKg')} />
        <TextField label="Box length (cm)" inputMode="decimal" error={err('lengthCm')} {...register('lengthCm')} />
        <TextField label="Box width (cm)" inputMode="decimal" error={err('widthCm')} {...register('widthCm')} />
        <TextField label="Box height (cm)" inputMode="decimal" error={err('heightCm')} {...register('heightCm')} />
      </Section>

      <Section title="Warranty">
        <TextField
          label="Warranty"
          hint="As the product page shows it, e.g. 1 year onsite"
          error={err('warranty')}
          {...register('warranty')}
        />
        <TextField label="Warranty (months)" inputMode="numeric" error={err('warrantyMonths')} {...register('warrantyMonths')} />
      </Section>

      <Section
        title="Quantity limits"
        description={`How many one order may hold. More is asked for as a quote, which you answer under Quotes. Empty: up to ${MAX_LINE_QUANTITY} per order, businesses up to ${DEFAULT_BUSINESS_LINE_QUANTITY}.`}
      >
        <TextField
          label="Limit per order"
          inputMode="numeric"
          placeholder={String(MAX_LINE_QUANTITY)}
          hint="For every buyer, e.g. 5"
          error={err('maxConsumerQuantity')}
          {...register('maxConsumerQuantity')}
        />
        <TextField
          label="Limit for businesses"
          inputMode="numeric"
          placeholder={String(DEFAULT_BUSINESS_LINE_QUANTITY)}
          hint="Buying with a GSTIN; at least the limit per order, e.g. 50"
          error={err('maxBusinessQuantity')}
          {...register('maxBusinessQuantity')}
        />
      </Section>

      <Section
        title="Origin"
        description="Shown in the product's specifications, as the Legal Metrology rules ask: where it is made and who made it, or who imported it when made abroad. Needed to put a new product on sale."
      >
        <TextField
          label="Country of origin"
          list="origin-countries"
          autoComplete="off"
          hint="Where the unit is made, e.g. India or China"
          error={err('originCountry')}
          {...register('originCountry')}
        />
        <datalist id="origin-countries">
          {COMMON_ORIGIN_COUNTRIES.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <TextField
          label={makerRole === 'Importer' ? 'Importer (made abroad)' : 'Manufacturer'}
          hint={makerRole === 'Importer' ? 'The company that imports it into India' : 'The company that makes it in India'}
          error={err('makerName')}
          {...register('makerName')}
        />
        <TextareaField
          label={makerRole === 'Importer' ? "Importer's address" : "Manufacturer's address"}
          className="sm:col-span-2"
          rows={2}
          error={err('makerAddress')}
          {...register('makerAddress')}
        />
      </Section>

      {children}

      <section aria-labelledby="status-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="status-heading" className="text-lg font-semibold text-slate-900">
          Status
        </h2>
        {product?.status === 'hidden' && !asAdmin ? (
          // The status stays the shop's while hidden: the form sends back the one it had (the server checks it).
          <Alert tone="error" title="Hidden by the shop">
            {product.hiddenReason ? `Reason: ${product.hiddenReason}. ` : ''}Customers cannot see or buy it. You may fix its details and
            save; its status cannot change until the shop restores it.
          </Alert>
        ) : product?.status === 'pending_review' && !asAdmin ? (
          <Alert tone="info" title="Under review">
            The shop reviews new products before they go on sale. You may fix its details and save; it goes on sale once the shop approves
            it, and you are e-mailed either way.
          </Alert>
        ) : (
          <fieldset className="mt-3">
            <legend className="sr-only">Status</legend>
            {product?.status === 'draft' && product.rejectionReason && !asAdmin && (
              <Alert tone="error" title="Sent back by the shop" className="mb-3">
                {`Reason: ${product.rejectionReason}. Change what it asks and put the product on sale again: it goes back to the review.`}
              </Alert>
            )}
            {product?.status === 'hidden' && (
              <p className="mb-3 text-sm text-red-800">
                Hidden by the shop: it stays hidden when you save. The status chosen here is the one it gets back when restored.
              </p>
            )}
            <div className="grid gap-3 sm:grid-cols-3">
              {VENDOR_PRODUCT_STATUSES.map((status) => (
                <label
                  key={status}
                  className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input type="radio" value={status} className="mt-1 size-4" {...register('status')} />
                  <span>
                    <span className="block font-medium text-slate-900">{STATUS_CHOICES[status].label}</span>
                    <span className="block text-sm text-slate-600">{STATUS_CHOICES[status].hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {status === 'active' && pictureCount === 0 && product?.status !== 'hidden' && (
          <Alert tone="warning" title="On sale without a picture" className="mt-3">
            {product
              ? 'This product has no picture yet: shoppers would see a grey "No picture yet" box in lists and on its page, and products without pictures sell far less. Add one under Pictures above, or keep it as a draft until you have.'
              : 'Pictures are added once the product is saved, so it would go on sale with none: shoppers would see a grey "No picture yet" box. Save it as a draft, add its pictures, then put it on sale.'}
          </Alert>
        )}
        {product?.status === 'pending_review' && (
          <p className="mt-3 text-sm text-amber-800">
            {asAdmin
              ? 'Under review: the status chosen here replaces the review when you save.'
              : 'The shop is reviewing this product: its status changes when the review ends.'}
          </p>
        )}
      </section>

      {/* From a save that found fields to fix until the next save: while the form is filled in, the fields' own messages say it. */}
      {fieldsToFix && !formError && <Alert tone="error">Some fields need your attention: they are marked above.</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
