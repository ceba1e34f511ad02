import { useQuery } from '@tanstack/react-query';
import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { MAX_BUSINESSES, type Business, type CreateBusiness } from '~/shared/schemas/business';
import { BusinessForm } from '~/web/components/address/business-form';
import { BusinessLines } from '~/web/components/address/business-lines';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { Alert, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { businessesQueryOptions, useCreateBusiness } from '~/web/lib/addresses/business-queries';
import { toast } from '~/web/lib/toast';

/** The business checkout buys for: the one chosen, else the newest. */
export function pickBusiness(businesses: readonly Business[] | undefined, chosenId: string | null): Business | undefined {
  if (!businesses) return undefined;
  return businesses.find((b) => b.id === chosenId) ?? businesses[0];
}

interface BuyerStepProps {
  forBusiness: boolean;
  onForBusiness: (value: boolean) => void;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  problem: string | null;
}

/**
 * Who buys (decision 71): the customer as a consumer, or one of their businesses, whose GSTIN and
 * legal name go on a B2B tax invoice and whose GSTIN's state is the place of supply.
 */
export function BuyerStep({ forBusiness, onForBusiness, selectedId, onSelect, problem }: BuyerStepProps) {
  const businesses = useQuery({ ...businessesQueryOptions(), enabled: forBusiness });
  const [adding, setAdding] = useState(false);
  const create = useCreateBusiness();

  const save = async (values: CreateBusiness) => {
    const business = await create.mutateAsync(values);
    onSelect(business.id);
    setAdding(false);
    toast.success(`${business.legalName} saved. Its GSTIN goes on the invoice.`);
  };

  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Who is buying?</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-800">
          <label className="flex items-center gap-2">
            <input type="radio" name="buyer" className="size-4" checked={!forBusiness} onChange={() => onForBusiness(false)} />
            For myself
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="buyer" className="size-4" checked={forBusiness} onChange={() => onForBusiness(true)} />
            Buy for my business
          </label>
        </div>
      </fieldset>
      {forBusiness && (
        <p className="text-sm text-slate-600">
          The tax invoice carries your business&apos;s GSTIN, so you can claim the GST as input tax credit. GST is charged for the
          GSTIN&apos;s state.
        </p>
      )}
      {forBusiness &&
        (businesses.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : businesses.error ? (
          <ErrorState title="Your businesses could not be loaded" error={businesses.error} onRetry={() => void businesses.refetch()} />
        ) : (
          <div className="space-y-3">
            {problem && <Alert tone="error">{problem}</Alert>}
            {businesses.data.length > 0 && (
              <fieldset>
                <legend className="mb-2 text-sm font-medium text-slate-800">Bill to</legend>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {businesses.data.map((b) => {
                    const inputId = `business-${b.id}`;
                    const checked = b.id === selectedId;
                    return (
                      <li
                        key={b.id}
                        className={cn(
                          'relative flex gap-3 rounded-lg border bg-white p-4 shadow-xs focus-within:ring-2 focus-within:ring-brand-500',
                          checked ? 'border-brand-700 ring-1 ring-brand-700' : 'border-slate-200',
                        )}
                      >
                        <input
                          id={inputId}
                          type="radio"
                          name="business"
                          value={b.id}
                          checked={checked}
                          onChange={() => onSelect(b.id)}
                          aria-describedby={`${inputId}-lines`}
                          className="relative z-10 mt-1 size-4 shrink-0"
                        />
                        <div className="min-w-0 flex-1 space-y-1">
                          <label htmlFor={inputId} className="font-semibold text-slate-900 after:absolute after:inset-0 after:content-['']">
                            {b.legalName}
                          </label>
                          <div id={`${inputId}-lines`}>
                            <BusinessLines business={b} showName={false} />
                          </div>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            )}
            {adding || businesses.data.length === 0 ? (
              <div className="rounded-lg border border-slate-200 bg-white p-4">
                <h3 className="mb-3 flex items-center gap-2 font-semibold text-slate-900">
                  <Building2 aria-hidden="true" className="size-4" />
                  Add your business
                </h3>
                <BusinessForm
                  submitLabel="Save and bill to this business"
                  onSubmit={save}
                  onCancel={businesses.data.length > 0 ? () => setAdding(false) : undefined}
                />
              </div>
            ) : (
              <Button variant="secondary" onClick={() => setAdding(true)} disabled={businesses.data.length >= MAX_BUSINESSES}>
                <Plus aria-hidden="true" className="size-4" />
                Add another business
              </Button>
            )}
          </div>
        ))}
    </div>
  );
}
