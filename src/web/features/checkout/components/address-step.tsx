import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { MAX_ADDRESSES, type Address, type CreateAddress } from '~/shared/schemas/address';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { Alert, ErrorState } from '~/web/components/ui/feedback';
import { addressesQueryOptions, useCreateAddress } from '~/web/lib/addresses/address-queries';
import { AddressForm } from '~/web/components/address/address-form';
import { AddressLines, AddressListSkeleton } from '~/web/components/address/address-list';
import { toast } from '~/web/lib/toast';

/** The address checkout uses: the one chosen, else the default, else the newest. */
export function pickAddress(addresses: readonly Address[] | undefined, chosenId: string | null): Address | undefined {
  if (!addresses) return undefined;
  return addresses.find((a) => a.id === chosenId) ?? addresses.find((a) => a.isDefault) ?? addresses[0];
}

interface AddressStepProps {
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onContinue: () => void;
  /** Why the address cannot be used (the server no longer knows it). */
  problem: string | null;
}

/** Step 1: choose an address from the address book, or add one here. */
export function AddressStep({ selectedId, onSelect, onContinue, problem }: AddressStepProps) {
  const { data: addresses, error, isPending, refetch } = useQuery(addressesQueryOptions());
  const [adding, setAdding] = useState(false);
  const [missing, setMissing] = useState(false);
  const create = useCreateAddress();

  if (isPending) return <AddressListSkeleton />;
  if (error) return <ErrorState title="Your addresses could not be loaded" error={error} onRetry={() => void refetch()} />;

  const full = addresses.length >= MAX_ADDRESSES;
  const showForm = adding || addresses.length === 0;

  const save = async (values: CreateAddress) => {
    const address = await create.mutateAsync(values);
    onSelect(address.id);
    setAdding(false);
    setMissing(false);
    toast.success('Address saved. We will deliver there.');
  };

  const next = () => {
    if (!selectedId) {
      setMissing(true);
      return;
    }
    onContinue();
  };

  return (
    <div className="space-y-4">
      {problem && <Alert tone="error">{problem}</Alert>}
      {addresses.length > 0 && (
        <fieldset>
          <legend className="mb-3 text-sm font-medium text-slate-800">Deliver to</legend>
          <ul className="grid gap-3 sm:grid-cols-2">
            {addresses.map((address) => {
              const inputId = `address-${address.id}`;
              const checked = address.id === selectedId;
              return (
                <li
                  key={address.id}
                  className={cn(
                    'relative flex gap-3 rounded-lg border bg-white p-4 shadow-xs focus-within:ring-2 focus-within:ring-brand-500',
                    checked ? 'border-brand-700 ring-1 ring-brand-700' : 'border-slate-200',
                  )}
                >
                  <input
                    id={inputId}
                    type="radio"
                    name="address"
                    value={address.id}
                    checked={checked}
                    onChange={() => {
                      onSelect(address.id);
                      setMissing(false);
                    }}
                    aria-describedby={`${inputId}-lines`}
                    className="relative z-10 mt-1 size-4 shrink-0"
                  />
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex items-start justify-between gap-2">
                      {/* The label's box covers the card, so a click anywhere on it chooses the address. */}
                      <label htmlFor={inputId} className="font-semibold text-slate-900 after:absolute after:inset-0 after:content-['']">
                        {address.fullName}
                      </label>
                      {address.isDefault && <Badge tone="brand">Default</Badge>}
                    </div>
                    <div id={`${inputId}-lines`}>
                      <AddressLines address={address} />
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {missing && <Alert tone="error">Choose where we should deliver, or add a new address.</Alert>}

      {showForm ? (
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          {/* With no saved address the step's own heading ("Where should we deliver?") names this form. */}
          {addresses.length > 0 && <h3 className="mb-3 font-semibold text-slate-900">Add a new address</h3>}
          <AddressForm
            submitLabel="Save and deliver here"
            offerDefault={addresses.length > 0}
            onSubmit={save}
            onCancel={addresses.length > 0 ? () => setAdding(false) : undefined}
          />
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <Button variant="secondary" onClick={() => setAdding(true)} disabled={full}>
              <Plus aria-hidden="true" className="size-4" />
              Add a new address
            </Button>
            {full && (
              <p className="mt-1 text-xs text-slate-600">
                Your address book is full ({MAX_ADDRESSES}); delete one on your profile to add another.
              </p>
            )}
          </div>
          <Button size="lg" onClick={next}>
            Continue to delivery
          </Button>
        </div>
      )}
    </div>
  );
}
