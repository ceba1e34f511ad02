import { useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { CATEGORIES } from '~/shared/constants';
import { FILE_TOO_LARGE_MESSAGE, IMPORT_LIMITS, IMPORT_LIMITS_TEXT, productImportsQuerySchema } from '~/shared/schemas/product-imports';
import type { ImportPreview } from '~/shared/schemas/vendor-products';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { Alert } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
import { formatCount } from '~/web/lib/format';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { productImportKeys, queueImport, useProductImport, useProductImports } from '../api/product-imports';
import { previewImport } from '../api/vendor-products';
import { ImportProgress } from './import-progress';
import { ImportsList } from './imports-list';
import { useFinishedImportToasts } from './use-finished-import-toasts';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; file: string }
  | { kind: 'preview'; file: string; csv: string; preview: ImportPreview }
  | { kind: 'sending'; file: string; preview: Extract<Step, { kind: 'preview' }> }
  | { kind: 'following'; importId: string };

/** Picture addresses of the rows that will be imported. */
const pictureCount = (preview: ImportPreview) => preview.rows.reduce((n, r) => n + (r.action === 'error' ? 0 : r.pictures), 0);

const ACTION_LABELS = { create: 'New', update: 'Update', error: 'Error' } as const;
const ACTION_TONES = { create: 'success', update: 'neutral', error: 'danger' } as const;

/**
 * Import products from a CSV: choose or drop the file, see what each row would do (nothing is
 * written yet), then queue the import of every valid row. The shop writes them in the background
 * (decision 35): a progress bar follows it, the vendor may leave and find it in Recent imports, and
 * a toast says when an import the vendor saw under way is done.
 */
export function ProductImport() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const { state: listState, set: setListState } = useUrlListState(productImportsQuerySchema);
  const imports = useProductImports(listState);
  const following = useProductImport(step.kind === 'following' ? step.importId : null);
  useFinishedImportToasts(following.data ? [following.data] : undefined, imports.data?.items);

  const check = async (file: File) => {
    setError(null);
    setStep({ kind: 'checking', file: file.name });
    try {
      const csv = await file.text();
      setStep({ kind: 'preview', file: file.name, csv, preview: await previewImport(csv) });
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The file could not be read. Choose a CSV file.');
      setStep({ kind: 'choose' });
    }
  };

  const start = async (preview: Extract<Step, { kind: 'preview' }>) => {
    setError(null);
    setStep({ kind: 'sending', file: preview.file, preview });
    try {
      const queued = await queueImport(preview.csv, preview.file);
      queryClient.setQueryData(productImportKeys.one(queued.id), queued);
      setStep({ kind: 'following', importId: queued.id });
      await queryClient.invalidateQueries({ queryKey: [...productImportKeys.all, 'list'] });
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The file could not be sent. Try again.');
      setStep(preview);
    }
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted, rejected) => {
      if (accepted[0]) void check(accepted[0]);
      else if (rejected[0]) {
        const { file, errors } = rejected[0];
        setError(
          errors.some((e) => e.code === 'file-too-large') ? `${file.name}: ${FILE_TOO_LARGE_MESSAGE}` : `${file.name} is not a CSV file.`,
        );
      }
    },
    accept: { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] },
    maxFiles: 1,
    maxSize: IMPORT_LIMITS.bytes,
    noClick: true,
    noKeyboard: true,
  });

  return (
    <div className="space-y-6">
      <section aria-labelledby="templates-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="templates-heading" className="text-lg font-semibold text-slate-900">
          Templates and export
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Start from a template of a category, or export your products, change them in a spreadsheet and import them back. Each row is one
          configuration you sell, matched to yours by its SKU: a known SKU updates it, a new one adds it. More specifications go in the{' '}
          <span className="font-mono">extra_specs</span> column, one “Label: value” a line (like “Battery: Up to 8 hours”); a file without
          that column leaves a product’s lines as they are.
        </p>
        <p id="product-key-help" className="mt-2 text-sm text-slate-600">
          Rows with the same <span className="font-mono">product_key</span> are one product with several configurations, like a laptop in 16
          GB and 32 GB: name what tells them apart in <span className="font-mono">option1_name</span> and{' '}
          <span className="font-mono">option1_value</span> (“RAM”, “16 GB”), up to <span className="font-mono">option4</span>. The first row
          of a product gives its name, brand, category, description, status, pictures and options’ names; its other rows may leave those
          empty, and one that says otherwise is an error of that row. A new product takes any key you choose (its rows’ SKUs find it again
          later); the export writes each product’s own key. A row without a key is a product of its own, and a file without these columns
          imports as before, one product a row.
        </p>
        <p className="mt-2 text-sm text-slate-600">
          Pictures go in the <span className="font-mono">picture_urls</span> column: web addresses (https://…) separated by spaces, new
          lines or “;”, up to 8 a product. Once the rows are written, the shop fetches each address the product does not have yet and adds
          it after its pictures; an empty cell leaves the pictures as they are, and an import never deletes one.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {CATEGORIES.map((category) => (
            <a
              key={category}
              href={`/api/vendor/products/import/template?category=${category}`}
              download
              className="inline-flex h-8 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-100"
            >
              <Download aria-hidden="true" className="size-4" /> {category} template
            </a>
          ))}
          <a
            href="/api/vendor/products/export"
            download
            className="inline-flex h-8 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-100"
          >
            <Download aria-hidden="true" className="size-4" /> Export my products
          </a>
        </div>
      </section>

      <section aria-labelledby="import-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="import-heading" className="text-lg font-semibold text-slate-900">
          Import a CSV
        </h2>
        {error && (
          <Alert tone="error" className="mt-3">
            {error}
          </Alert>
        )}

        {(step.kind === 'choose' || step.kind === 'checking') && (
          <div
            {...getRootProps({
              className: cn(
                'mt-4 flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center text-sm',
                isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50',
              ),
            })}
          >
            <input {...getInputProps({ 'aria-label': 'Choose a CSV file to import' })} />
            <FileSpreadsheet aria-hidden="true" className="size-8 text-slate-500" />
            {step.kind === 'checking' ? (
              <p role="status">Checking {step.file}…</p>
            ) : (
              <>
                <p className="text-slate-700">{isDragActive ? 'Drop the CSV to check it' : 'Drag a CSV file here, or'}</p>
                <Button variant="secondary" size="sm" onClick={open}>
                  Choose a CSV file
                </Button>
                <p className="text-xs text-slate-500">One file at a time, {IMPORT_LIMITS_TEXT}.</p>
              </>
            )}
          </div>
        )}

        {step.kind === 'preview' && (
          <div className="mt-4 space-y-4">
            <p role="status" className="text-sm text-slate-800">
              <strong>{step.file}</strong>: {formatCount(step.preview.create)} new, {formatCount(step.preview.update)} to update,{' '}
              {formatCount(step.preview.error)} with errors
              {pictureCount(step.preview) > 0 && (
                <>; {formatCount(pictureCount(step.preview))} picture addresses to fetch once the rows are written</>
              )}
              . Nothing is written until you import.
            </p>
            {step.preview.error > 0 && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" checked={errorsOnly} onChange={(e) => setErrorsOnly(e.target.checked)} />
                Show only rows with errors
              </label>
            )}
            <div
              className="max-h-[28rem] overflow-auto rounded-md border border-slate-200"
              role="region"
              aria-label="Rows of the file"
              // The rows scroll in this box: the keyboard must reach it (axe scrollable-region-focusable).
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">What each row of {step.file} would do</caption>
                <thead className="sticky top-0 bg-slate-50">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Line
                    </th>
                    <th scope="col" className="px-3 py-2">
                      SKU
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Product
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Result
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {step.preview.rows
                    .filter((r) => !errorsOnly || r.action === 'error')
                    .slice(0, 500)
                    .map((row) => (
                      <tr key={row.line} className="border-t border-slate-100 align-top">
                        <td className="px-3 py-2 tabular-nums">{row.line}</td>
                        <td className="px-3 py-2">{row.sku ?? '—'}</td>
                        <th scope="row" className="px-3 py-2 font-normal">
                          {row.name ?? '—'}
                        </th>
                        <td className="px-3 py-2">
                          <Badge tone={ACTION_TONES[row.action]}>{ACTION_LABELS[row.action]}</Badge>
                          {row.action !== 'error' && row.pictures > 0 && (
                            <span className="ml-2 text-xs text-slate-600">
                              {row.pictures} {row.pictures === 1 ? 'picture' : 'pictures'} to fetch
                            </span>
                          )}
                          {row.action === 'error' && (
                            <ul className="mt-1 text-red-700">
                              {Object.entries(row.errors).map(([column, message]) => (
                                <li key={column}>
                                  <span className="font-mono">{column}</span>: {message}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
            {step.preview.rows.length > 500 && (
              <p className="text-xs text-slate-600">The first 500 rows are shown; every row is imported.</p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setStep({ kind: 'choose' })}>
                Choose another file
              </Button>
              <Button onClick={() => void start(step)} disabled={step.preview.create + step.preview.update === 0}>
                Import {formatCount(step.preview.create + step.preview.update)}{' '}
                {step.preview.create + step.preview.update === 1 ? 'row' : 'rows'}
              </Button>
            </div>
          </div>
        )}

        {step.kind === 'sending' && (
          <p role="status" className="mt-4 text-sm text-slate-800">
            Sending {step.file}…
          </p>
        )}

        {step.kind === 'following' && <ImportProgress query={following} onAnother={() => setStep({ kind: 'choose' })} />}
      </section>

      <ImportsList query={imports} onPageChange={(page) => setListState({ page })} />
    </div>
  );
}
