import { rowSelectionFeature, tableFeatures, useTable, type RowSelectionState } from '@tanstack/react-table';
import type { UseQueryResult } from '@tanstack/react-query';
import { Plus, Trash2, Wand2 } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { optionLabel } from '~/shared/catalogue';
import { formatPaise } from '~/shared/money';
import {
  CATEGORY_CONFIGURATION_SPECS,
  CONFIGURATION_SPEC_LABELS,
  type ConfigurationSpec,
  type ConfigurationsInput,
  type ConfigurationsResponse,
} from '~/shared/schemas/product-configurations';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { Alert, ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { ScrollRegion } from '~/web/components/ui/scroll-region';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { generateRows, gridInput, rowLike, rowsFromAnswer, type GridRow } from './configuration-rows';

const features = tableFeatures({ rowSelectionFeature });
/** The cells are the grid's own inputs (below): TanStack keeps the rows and which are selected. */
const NO_COLUMNS: never[] = [];

type TextColumn = 'sku' | 'ean' | 'mrp' | 'price' | 'stock' | 'dispatchDays' | ConfigurationSpec;
/** The API's field a column's errors are addressed to. */
const FIELD_OF: Record<TextColumn, string> = {
  sku: 'sku',
  ean: 'ean',
  mrp: 'mrpPaise',
  price: 'pricePaise',
  stock: 'stock',
  dispatchDays: 'dispatchDays',
  processor: 'processor',
  ramGb: 'ramGb',
  storageGb: 'storageGb',
  storageType: 'storageType',
  screenSizeIn: 'screenSizeIn',
  colour: 'colour',
};
const HEADERS: Record<TextColumn, string> = {
  sku: 'Your SKU',
  ean: 'EAN',
  mrp: 'MRP (₹)',
  price: 'Price (₹)',
  stock: 'Stock',
  dispatchDays: 'Dispatch (days)',
  ...CONFIGURATION_SPEC_LABELS,
};
const NUMERIC = new Set<TextColumn>(['mrp', 'price', 'stock', 'dispatchDays', 'ramGb', 'storageGb', 'screenSizeIn']);
const WIDTH: Partial<Record<TextColumn, string>> = { processor: 'w-48', sku: 'w-36', ean: 'w-36' };

/** One input of the grid, labelled for screen readers by its column and row, with its error under it. */
function Cell(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  numeric?: boolean;
  className?: string;
}) {
  const errorId = useId();
  return (
    <div className={cn('min-w-20', props.className)}>
      <input
        aria-label={props.label}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        inputMode={props.numeric ? 'decimal' : undefined}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={cn(
          'w-full rounded-md border bg-white px-2 py-1.5 text-base sm:text-sm',
          props.numeric && 'text-right tabular-nums',
          props.error ? 'border-red-600' : 'border-slate-300',
        )}
      />
      {props.error && (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}

export interface ConfigurationsGridProps {
  /** The product's configurations as the server answers them (the seller's, or the admin's with the other sellers' offers). */
  query: Pick<UseQueryResult<ConfigurationsResponse>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** Saves the whole grid; a rejection with field errors puts them on their cells. */
  save: (body: ConfigurationsInput) => Promise<ConfigurationsResponse>;
  /** Whose offers the price, stock and dispatch columns are ("your" for the seller, the seller's name for the admin). */
  sellerName?: string;
}

/** The configurations section: loading, failing with Retry, or the grid of the answer (made again after each save). */
export function ConfigurationsSection({ query, save, sellerName }: ConfigurationsGridProps) {
  return (
    // Clipped to its box: nothing of the grid (which scrolls in its own region) may widen a phone’s page.
    <section
      aria-labelledby="configurations-heading"
      className="max-w-full min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="configurations-heading" className="text-lg font-semibold text-slate-900">
        Configurations
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        One row per configuration you sell (16 GB · 512 GB, 32 GB · 1 TB…), each with its own SKU, MRP,{' '}
        {sellerName ? `${sellerName}’s` : 'your'} price, stock and dispatch time. Customers pick one on the product’s page.
      </p>
      <div className="mt-4">
        {query.isPending && <ListSkeleton rows={3} label="Loading the configurations" />}
        {query.isError && (
          <ErrorState title="The configurations could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        )}
        {query.data && <ConfigurationsGrid answer={query.data} save={save} refetch={query.refetch} sellerName={sellerName} />}
      </div>
    </section>
  );
}

/**
 * The grid of a product's configurations (decision 70): the options it varies by (those its category
 * allows), a row per configuration with its options, SKU, EAN, own specifications, MRP, price, stock and
 * dispatch days; rows added one by one or generated from the values of each option; a price and stock
 * set for the chosen rows at once. It checks what the server checks before saving, and the server's
 * field errors land on their cells. TanStack Table keeps the rows and their selection. On a phone the
 * grid scrolls sideways in its own labelled region.
 */
export function ConfigurationsGrid({
  answer,
  save,
  refetch,
  sellerName,
}: {
  answer: ConfigurationsResponse;
  save: ConfigurationsGridProps['save'];
  refetch: ConfigurationsGridProps['query']['refetch'];
  sellerName?: string | undefined;
}) {
  const [optionKeys, setOptionKeys] = useState<string[]>(answer.optionKeys);
  const [rows, setRows] = useState<GridRow[]>(() => rowsFromAnswer(answer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [values, setValues] = useState<Record<string, string>>({});
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkStock, setBulkStock] = useState('');
  const keysOffered = [...new Set([...answer.allowedOptionKeys, ...answer.optionKeys])];
  const specs = CATEGORY_CONFIGURATION_SPECS[answer.category] as readonly ConfigurationSpec[];
  const showOthers = rows.some((r) => r.otherOffers.length > 0);

  // Leaving the page with changes not saved asks first (a reload, a closed tab, a typed address).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (next: (current: GridRow[]) => GridRow[]) => {
    setRows(next);
    setDirty(true);
  };
  const setCell = (key: string, patch: Partial<GridRow>) => change((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const table = useTable({
    features,
    columns: NO_COLUMNS,
    data: rows,
    getRowId: (row) => row.key,
    state: { rowSelection: selection },
    onRowSelectionChange: (updater) => setSelection((s) => (typeof updater === 'function' ? updater(s) : updater)),
    enableRowSelection: true,
  });
  const tableRows = table.getRowModel().rows;
  const chosen = tableRows.filter((r) => r.getIsSelected()).map((r) => r.original.key);

  const toggleKey = (key: string) => {
    setOptionKeys((keys) =>
      keys.includes(key) ? keys.filter((k) => k !== key) : keysOffered.filter((k) => k === key || keys.includes(k)),
    );
    setDirty(true);
  };
  const valuesOf = (key: string) => values[key] ?? [...new Set(rows.map((r) => r.options[key]).filter(Boolean))].join(', ');

  const generate = () => {
    const typed = Object.fromEntries(
      optionKeys.map((k) => [
        k,
        valuesOf(k)
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ]),
    );
    const { rows: next, added } = generateRows(rows, optionKeys, typed);
    if (added === 0) {
      toast.info(
        optionKeys.some((k) => !typed[k]?.length) ? 'Type the values of every option first.' : 'Every combination is in the grid already.',
      );
      return;
    }
    change(() => next);
    toast.success(`${added} configuration${added === 1 ? '' : 's'} added: set their price and stock, then save.`);
  };

  const applyBulk = () => {
    change((all) =>
      all.map((r) =>
        chosen.includes(r.key)
          ? { ...r, ...(bulkPrice.trim() && { price: bulkPrice.trim() }), ...(bulkStock.trim() && { stock: bulkStock.trim() }) }
          : r,
      ),
    );
    toast.success(`Set for ${chosen.length} configuration${chosen.length === 1 ? '' : 's'}: save to keep it.`);
  };

  const submit = async () => {
    setFormError(null);
    const input = gridInput(optionKeys, rows);
    if (!input.ok) {
      setErrors(input.errors);
      setFormError('Some cells need your attention: they are marked in the grid.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await save(input.body);
      setRows(rowsFromAnswer(saved));
      setOptionKeys(saved.optionKeys);
      setSelection({});
      setValues({});
      setDirty(false);
      toast.success(`The configurations of ${saved.productName} are saved`);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        setFormError(error.message);
        // Orders took units meanwhile: the stock seen becomes the stock now, so the next save can go through.
        if (error.status === 409 && Object.keys(error.fields).some((f) => f.endsWith('.stock'))) {
          const fresh = (await refetch()).data;
          if (fresh)
            setRows((all) =>
              all.map((r) => {
                const now = fresh.configurations.find((c) => c.variantId === r.variantId)?.offer?.stock;
                return now === undefined ? r : { ...r, stockWas: now };
              }),
            );
        }
      } else {
        const message = isApiError(error) ? error.message : 'The configurations could not be saved. Try again.';
        setFormError(message);
        toast.error(message);
      }
    } finally {
      setSaving(false);
    }
  };

  const err = (i: number, field: string) => errors[`configurations.${i}.${field}`];
  const rowName = (i: number) => `configuration ${i + 1}`;
  const column = (c: TextColumn, row: GridRow, i: number): ReactNode => (
    <Cell
      label={`${HEADERS[c]}, ${rowName(i)}`}
      value={row[c]}
      onChange={(value) => setCell(row.key, { [c]: value })}
      error={err(i, FIELD_OF[c])}
      numeric={NUMERIC.has(c)}
      className={WIDTH[c]}
    />
  );
  const columns: TextColumn[] = ['sku', 'ean', ...specs, 'mrp', 'price', 'stock', 'dispatchDays'];
  const allChosen = tableRows.length > 0 && chosen.length === tableRows.length;

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Options it varies by</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {keysOffered.map((key) => (
            <label key={key} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4" checked={optionKeys.includes(key)} onChange={() => toggleKey(key)} />
              {optionLabel(key)}
            </label>
          ))}
        </div>
      </fieldset>
      {errors.optionKeys && <p className="text-sm text-red-700">{errors.optionKeys}</p>}

      {optionKeys.length > 0 && (
        <fieldset className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">Generate from options</legend>
          <p className="text-xs text-slate-600">
            Type each option’s values, separated by commas; every combination not in the grid gets a row.
          </p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {optionKeys.map((key) => (
              <label key={key} className="flex flex-col gap-1 text-sm text-slate-800">
                {`Values of ${optionLabel(key)}`}
                <input
                  className="rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
                  value={valuesOf(key)}
                  placeholder={
                    key === 'ram' ? '16 GB, 32 GB' : key === 'storage' ? '512 GB SSD, 1 TB SSD' : key === 'size' ? '24 inch, 27 inch' : ''
                  }
                  onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
                />
              </label>
            ))}
          </div>
          <Button variant="secondary" size="sm" className="mt-3" onClick={generate}>
            <Wand2 aria-hidden="true" className="size-4" /> Generate configurations
          </Button>
        </fieldset>
      )}

      <div
        className="flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-3"
        role="group"
        aria-label="Set price and stock for the selected rows"
      >
        <label className="flex flex-col gap-1 text-sm text-slate-800">
          Price for selected (₹)
          <input
            inputMode="decimal"
            className="w-32 rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
            value={bulkPrice}
            onChange={(e) => setBulkPrice(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-800">
          Stock for selected
          <input
            inputMode="numeric"
            className="w-24 rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
            value={bulkStock}
            onChange={(e) => setBulkStock(e.target.value)}
          />
        </label>
        <Button
          size="sm"
          variant="secondary"
          disabled={chosen.length === 0 || (!bulkPrice.trim() && !bulkStock.trim())}
          onClick={applyBulk}
        >
          {chosen.length === 0 ? 'Select rows to set' : `Set for ${chosen.length} selected`}
        </Button>
      </div>

      {/* Width 0 stretched to the box: the wide table never widens the page on a phone, it scrolls in its own region. */}
      <div className="w-0 min-w-full">
        <ScrollRegion label="Configurations grid" className="rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm" style={{ minWidth: '64rem' }}>
            <caption className="sr-only">
              Configurations of {answer.productName}
              {sellerName ? `, with ${sellerName}’s price, stock and dispatch days` : ''}
            </caption>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label="Select every configuration"
                    checked={allChosen}
                    onChange={() => table.toggleAllRowsSelected(!allChosen)}
                  />
                </th>
                <th scope="col" className="px-2 py-2">
                  #
                </th>
                {optionKeys.map((k) => (
                  <th key={k} scope="col" className="px-2 py-2 whitespace-nowrap">
                    {optionLabel(k)}
                  </th>
                ))}
                {columns.map((c) => (
                  <th key={c} scope="col" className={cn('px-2 py-2 whitespace-nowrap', NUMERIC.has(c) && 'text-right')}>
                    {HEADERS[c]}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2">
                  Status
                </th>
                {showOthers && (
                  <th scope="col" className="px-2 py-2">
                    Other sellers
                  </th>
                )}
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {tableRows.map((tableRow, i) => {
                const row = tableRow.original;
                return (
                  <tr key={row.key} className={cn('align-top', row.status === 'archived' && 'bg-slate-50 text-slate-500')}>
                    <td className="px-2 py-2">
                      <input
                        type="checkbox"
                        className="mt-2 size-4"
                        aria-label={`Select ${rowName(i)}`}
                        checked={tableRow.getIsSelected()}
                        onChange={() => tableRow.toggleSelected()}
                      />
                    </td>
                    <th scope="row" className="px-2 py-3 font-normal tabular-nums">
                      {i + 1}
                    </th>
                    {optionKeys.map((k, ki) => (
                      <td key={k} className="px-2 py-2">
                        <Cell
                          label={`${optionLabel(k)}, ${rowName(i)}`}
                          value={row.options[k] ?? ''}
                          onChange={(value) => setCell(row.key, { options: { ...row.options, [k]: value } })}
                          error={err(i, `options.${k}`) ?? (ki === 0 ? err(i, 'options') : undefined)}
                          className="w-32"
                        />
                      </td>
                    ))}
                    {columns.map((c) => (
                      <td key={c} className="px-2 py-2">
                        {column(c, row, i)}
                      </td>
                    ))}
                    <td className="px-2 py-2">
                      <select
                        aria-label={`Status, ${rowName(i)}`}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base sm:text-sm"
                        value={row.status}
                        onChange={(e) => setCell(row.key, { status: e.target.value as GridRow['status'] })}
                      >
                        <option value="active">On sale</option>
                        <option value="archived">Archived</option>
                      </select>
                    </td>
                    {showOthers && (
                      <td className="px-2 py-2 text-xs">
                        {row.otherOffers.length === 0
                          ? '—'
                          : row.otherOffers.map((o) => (
                              <p key={o.offerId} className="whitespace-nowrap">
                                {o.sellerName}: {formatPaise(o.pricePaise)}, stock {o.stock}
                              </p>
                            ))}
                      </td>
                    )}
                    <td className="px-2 py-2">
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700"
                        aria-label={`Remove ${rowName(i)}${row.ordered ? ' (it is archived: orders name it)' : ''}`}
                        disabled={rows.length === 1}
                        onClick={() => change((all) => all.filter((r) => r.key !== row.key))}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => change((all) => [...all, rowLike(all[0], Object.fromEntries(optionKeys.map((k) => [k, ''])))])}
        >
          <Plus aria-hidden="true" className="size-4" /> Add configuration
        </Button>
        <span className="ml-auto text-sm text-slate-600" aria-live="polite">
          {dirty ? 'Unsaved changes' : ''}
        </span>
        <Button loading={saving} onClick={() => void submit()}>
          Save configurations
        </Button>
      </div>
      {formError && <Alert tone="error">{formError}</Alert>}
    </div>
  );
}
