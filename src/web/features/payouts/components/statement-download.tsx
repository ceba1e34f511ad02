import { Download } from 'lucide-react';
import { useState } from 'react';
import { monthSchema } from '~/shared/schemas/payouts';
import { TextField } from '~/web/components/ui/form-fields';
import { buttonClasses } from '~/web/components/ui/button';
import { statementUrl } from '../api/payouts-queries';
import { currentMonth, monthLabel } from './payout-format';

/** A month's statement for the vendor's accountant: every line delivered in the month, as CSV or PDF. */
export function StatementDownload() {
  const latest = currentMonth();
  const [month, setMonth] = useState(latest);
  const parsed = monthSchema.safeParse(month);
  const error = !parsed.success ? parsed.error.issues[0]!.message : month > latest ? 'Choose this month or an earlier one' : undefined;
  return (
    <section aria-labelledby="statement-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="statement-heading" className="text-base font-semibold text-slate-900">
        Monthly statement
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Every line delivered in the month with its commission, GST, TCS (CGST, SGST, IGST), TDS and what you get, with the totals: for your
        books and your GST and income-tax returns.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <TextField
          label="Statement month"
          type="month"
          className="w-48"
          value={month}
          min="2020-01"
          max={latest}
          error={error}
          onChange={(e) => setMonth(e.target.value)}
        />
        {!error &&
          (['csv', 'pdf'] as const).map((format) => (
            <a
              key={format}
              href={statementUrl(month, format)}
              download={`statement-${month}.${format}`}
              className={buttonClasses(format === 'csv' ? 'primary' : 'secondary', 'md')}
            >
              <Download aria-hidden="true" className="size-4" />
              {`Download ${monthLabel(month)} (${format.toUpperCase()})`}
            </a>
          ))}
      </div>
    </section>
  );
}
