import type { ReportSeller } from '~/shared/schemas/reports';
import { buttonClasses } from '~/web/components/ui/button';

const FIELD = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900';

/** The month (India time) and, for the reports by seller (GST sales, returns), the seller; with the report's "Download CSV". */
export function ReportFilters({
  month,
  maxMonth,
  onMonth,
  sellers,
  vendor,
  onVendor,
  csvUrl,
  csvLabel,
}: {
  month: string;
  maxMonth: string;
  onMonth: (month: string) => void;
  sellers?: ReportSeller[];
  vendor?: string;
  onVendor?: (vendor: string | undefined) => void;
  csvUrl: string;
  csvLabel: string;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end gap-4">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Month
        <input
          type="month"
          className={FIELD}
          value={month}
          min="2020-01"
          max={maxMonth}
          onChange={(e) => {
            if (/^\d{4}-\d{2}$/.test(e.target.value)) onMonth(e.target.value);
          }}
        />
      </label>
      {sellers && onVendor && (
        // A seller's name and GSTIN can be wider than a phone: the list narrows to the screen.
        <label className="flex max-w-full min-w-0 flex-col gap-1 text-sm font-medium text-slate-800">
          Seller
          <select className={`${FIELD} max-w-full`} value={vendor ?? ''} onChange={(e) => onVendor(e.target.value || undefined)}>
            <option value="">All sellers</option>
            {sellers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.gstin ? ` (${s.gstin})` : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      <a href={csvUrl} download className={buttonClasses('secondary', 'md', 'ml-auto inline-flex items-center')}>
        Download CSV<span className="sr-only"> of the {csvLabel}</span>
      </a>
    </div>
  );
}
