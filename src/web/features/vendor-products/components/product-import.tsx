import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { Link } from 'react-router';
import { CATEGORIES } from '~/shared/constants';
import { paths } from '~/shared/paths';
import type { ImportPreview, ImportResult } from '~/shared/schemas/vendor-products';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { Alert } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
import { formatCount } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { previewImport, runImport, vendorProductKeys } from '../api/vendor-products';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; file: string }
  | { kind: 'preview'; file: string; csv: string; preview: ImportPreview }
  | { kind: 'importing'; file: string; done: number; total: number }
  | { kind: 'done'; result: ImportResult };

const ACTION_LABELS = { create: 'New', update: 'Update', error: 'Error' } as const;
const ACTION_TONES = { create: 'success', update: 'neutral', error: 'danger' } as const;

/**
 * Import products from a CSV: choose or drop the file, see what each row would do (nothing is
 * written yet), then import every valid row in one go with a progress bar that follows the server.
 */
export function ProductImport() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [errorsOnly, setErrorsOnly] = useState(false);

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
    const total = preview.preview.create + preview.preview.update;
    setStep({ kind: 'importing', file: preview.file, done: 0, total });
    try {
      const result = await runImport(preview.csv, (done, all) => setStep({ kind: 'importing', file: preview.file, done, total: all }));
      setStep({ kind: 'done', result });
      toast.success(`Imported ${formatCount(result.created + result.updated)} products`);
      await queryClient.invalidateQueries({ queryKey: vendorProductKeys.all });
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The import failed; nothing was written. Try again.');
      setStep(preview);
    }
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted, rejected) => {
      if (accepted[0]) void check(accepted[0]);
      else if (rejected[0]) setError(`${rejected[0].file.name} is not a CSV file (or is larger than 10 MB).`);
    },
    accept: { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] },
    maxFiles: 1,
    maxSize: 10 * 1024 * 1024,
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
          Start from a template of a category, or export your products, change them in a spreadsheet and import them back. Rows are matched
          to your products by SKU: a known SKU updates the product, a new one adds it.
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
              </>
            )}
          </div>
        )}

        {step.kind === 'preview' && (
          <div className="mt-4 space-y-4">
            <p role="status" className="text-sm text-slate-800">
              <strong>{step.file}</strong>: {formatCount(step.preview.create)} new, {formatCount(step.preview.update)} to update,{' '}
              {formatCount(step.preview.error)} with errors. Nothing is written until you import.
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
                Import {formatCount(step.preview.create + step.preview.update)} rows
              </Button>
            </div>
          </div>
        )}

        {step.kind === 'importing' && (
          <div className="mt-4">
            <p className="text-sm text-slate-800">
              Importing {step.file}: {formatCount(step.done)} of {formatCount(step.total)} rows
            </p>
            <div
              role="progressbar"
              aria-label={`Importing ${step.file}`}
              aria-valuemin={0}
              aria-valuemax={step.total}
              aria-valuenow={step.done}
              className="mt-2 h-3 overflow-hidden rounded bg-slate-200"
            >
              <div
                className="h-full bg-brand-600 transition-[width]"
                style={{ width: `${step.total ? (step.done * 100) / step.total : 0}%` }}
              />
            </div>
          </div>
        )}

        {step.kind === 'done' && (
          <div className="mt-4 flex flex-col items-start gap-3" role="status">
            <p className="flex items-center gap-2 text-slate-900">
              <CheckCircle2 aria-hidden="true" className="size-5 text-green-700" />
              {formatCount(step.result.created)} products added, {formatCount(step.result.updated)} updated
              {step.result.skipped > 0 && `, ${formatCount(step.result.skipped)} rows with errors left out`}.
            </p>
            <div className="flex gap-2">
              <Link to={paths.vendor.products} className="text-brand-700 underline">
                See your products
              </Link>
              <button type="button" className="text-brand-700 underline" onClick={() => setStep({ kind: 'choose' })}>
                Import another file
              </button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
