import { useQuery } from '@tanstack/react-query';
import { MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MAX_ADDRESSES, type Address, type CreateAddress } from '~/shared/schemas/address';
import { Button } from '~/web/components/ui/button';
import * as Dialog from '~/web/components/ui/dialog';
import { EmptyState, ErrorState } from '~/web/components/ui/feedback';
import { toast } from '~/web/lib/toast';
import { addressesQueryOptions, useCreateAddress, useDeleteAddress, useUpdateAddress } from '~/web/lib/addresses/address-queries';
import { AddressForm } from '~/web/components/address/address-form';
import { AddressList, AddressListSkeleton } from '~/web/components/address/address-list';

type Editing = { kind: 'new' } | { kind: 'edit'; address: Address } | null;

const dialogClasses =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl';

/** The customer's address book on the profile: list, add, edit, delete and choose the default. */
export function AddressBook() {
  const { data: addresses, error, isPending, refetch } = useQuery(addressesQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();

  const full = (addresses?.length ?? 0) >= MAX_ADDRESSES;

  const save = async (values: CreateAddress) => {
    if (editing?.kind === 'edit') {
      const { isDefault: _ignored, ...changes } = values;
      await update.mutateAsync({ id: editing.address.id, changes });
      toast.success('Address updated.');
    } else {
      await create.mutateAsync(values);
      toast.success('Address added.');
    }
    setEditing(null);
  };

  const makeDefault = (address: Address) => {
    update.mutate(
      { id: address.id, changes: { isDefault: true } },
      {
        onSuccess: () => toast.success(`${address.line1} is now your default address.`),
        onError: (e) => toast.error(`Could not change your default address: ${e.message}`),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const address = deleting;
    remove.mutate(address.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success('Address deleted.');
      },
      onError: (e) => toast.error(`Could not delete the address: ${e.message}`),
    });
  };

  const addButton = (
    <Button onClick={() => setEditing({ kind: 'new' })} onPointerEnter={() => void Dialog.preloadDialog()} disabled={full}>
      <Plus aria-hidden="true" className="size-4" />
      Add address
    </Button>
  );

  return (
    <section aria-labelledby="address-book-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="address-book-heading" className="text-xl font-semibold text-slate-900">
            Address book
          </h2>
          {addresses && addresses.length > 0 && (
            <p className="text-sm text-slate-600">
              {full
                ? `You have saved the most addresses we keep (${MAX_ADDRESSES}). Delete one to add another.`
                : 'Your default address is chosen first at checkout.'}
            </p>
          )}
        </div>
        {addresses && addresses.length > 0 && addButton}
      </div>

      {isPending ? (
        <AddressListSkeleton />
      ) : error ? (
        <ErrorState title="Your addresses could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : addresses.length === 0 ? (
        <EmptyState icon={<MapPin />} title="No saved addresses yet" action={addButton}>
          Save the addresses you deliver to, and choose one at checkout in a click.
        </EmptyState>
      ) : (
        <AddressList
          addresses={addresses}
          actionsFor={(address) => (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setEditing({ kind: 'edit', address })}
                aria-label={`Edit: ${address.line1}`}
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
              {!address.isDefault && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => makeDefault(address)}
                  loading={update.isPending && update.variables.id === address.id && update.variables.changes.isDefault === true}
                  aria-label={`Make default: ${address.line1}`}
                >
                  <Star aria-hidden="true" className="size-4" />
                  Make default
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => setDeleting(address)} aria-label={`Delete: ${address.line1}`}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            </>
          )}
        />
      )}

      <Dialog.Root open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
          <Dialog.Content className={`${dialogClasses} max-w-2xl`} aria-describedby={undefined}>
            <Dialog.Title className="mb-4 text-lg font-semibold text-slate-900">
              {editing?.kind === 'edit' ? 'Edit address' : 'Add an address'}
            </Dialog.Title>
            {editing && (
              <AddressForm
                key={editing.kind === 'edit' ? editing.address.id : 'new'}
                address={editing.kind === 'edit' ? editing.address : undefined}
                offerDefault={editing.kind === 'new' && (addresses?.length ?? 0) > 0}
                submitLabel={editing.kind === 'edit' ? 'Save changes' : 'Save address'}
                onSubmit={save}
                onCancel={() => setEditing(null)}
              />
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <Dialog.Root open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
          <Dialog.Content role="alertdialog" className={`${dialogClasses} max-w-md`}>
            <Dialog.Title className="text-lg font-semibold text-slate-900">Delete this address?</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-700">
              {deleting ? `${deleting.fullName}, ${deleting.line1}, ${deleting.city} will be removed from your address book.` : ''}
              {deleting?.isDefault ? ' Your newest other address becomes the default.' : ''}
            </Dialog.Description>
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Keep it</Button>
              </Dialog.Close>
              <Button variant="danger" onClick={confirmDelete} loading={remove.isPending}>
                Delete address
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
