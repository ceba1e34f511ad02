import { useState, type FormEvent } from 'react';
import { ADMIN_DASHBOARD_RANGE_LABELS, adminDashboardQuerySchema, indiaToday, type AdminDashboardQuery } from '~/shared/schemas/dashboard';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { TextField } from '~/web/components/ui/form-fields';

const PRESETS = ['today', '7d', '30d', 'month'] as const;

/**
 * The dashboard's period: today, 7 or 30 days, this month, or custom days (India dates, checked with
 * the server's own schema before the address changes).
 */
export function RangePicker({ query, onChange }: { query: AdminDashboardQuery; onChange: (query: AdminDashboardQuery) => void }) {
  const [customOpen, setCustomOpen] = useState(query.range === 'custom');
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? indiaToday());
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = adminDashboardQuerySchema.safeParse({ range: 'custom', from: from || undefined, to: to || undefined });
    if (!parsed.success) {
      const next: { from?: string; to?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'from' || field === 'to') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onChange(parsed.data);
  }

  const pill = (active: boolean) =>
    cn('rounded-md px-3 py-1.5 text-sm', active ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100');
  return (
    <div className="space-y-3">
      <div role="group" aria-label="Period" className="inline-flex flex-wrap rounded-lg border border-slate-300 bg-white p-0.5">
        {PRESETS.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={query.range === r}
            onClick={() => {
              setCustomOpen(false);
              onChange({ range: r });
            }}
            className={pill(query.range === r)}
          >
            {ADMIN_DASHBOARD_RANGE_LABELS[r]}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={query.range === 'custom'}
          aria-expanded={customOpen}
          aria-controls="custom-range"
          onClick={() => setCustomOpen((open) => !open)}
          className={pill(query.range === 'custom')}
        >
          Custom
        </button>
      </div>
      {customOpen && (
        <form
          id="custom-range"
          aria-label="Custom period"
          noValidate
          onSubmit={submit}
          className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white p-3"
        >
          <TextField
            label="From"
            type="date"
            value={from}
            max={to || indiaToday()}
            onChange={(e) => setFrom(e.target.value)}
            error={errors.from}
            className="w-44"
          />
          <TextField
            label="To"
            type="date"
            value={to}
            min={from || undefined}
            max={indiaToday()}
            onChange={(e) => setTo(e.target.value)}
            error={errors.to}
            className="w-44"
          />
          <Button type="submit" className="mt-6">
            Show period
          </Button>
        </form>
      )}
    </div>
  );
}
