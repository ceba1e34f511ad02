import { useQuery } from '@tanstack/react-query';
import { Building2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MAX_BUSINESSES, type Business, type CreateBusiness } from '~/shared/schemas/business';
import { BusinessForm } from '~/web/components/address/business-form';
import { BusinessLines } from '~/web/components/address/business-lines';
import { AddressListSkeleton } from '~/web/components/address/address-list';
import { Button } from '~/web/components/ui/button';
import * as Dialog from '~/web/components/ui/dialog';
import { EmptyState, ErrorState } from '~/web/components/ui/feedback';
import { businessesQueryOptions, useCreateBusiness, useDeleteBusiness, useUpdateBusiness } from '~/web/lib/addresses/business-queries';
import { toast } from '~/web/lib/toast';

const dialogClasses =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl';

/** The businesses the customer buys for (decision 71), on the profile: list, add, correct, delete. */
export function BusinessList() {
  const { data: businesses, error, isPending, refetch } = useQuery(businessesQueryOptions());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Business | null>(null);
  const [editing, setEditing] = useState<Business | null>(null);
  const create = useCreateBusiness();
  const update = useUpdateBusiness();
  const remove = useDeleteBusiness();
  const full = (businesses?.length ?? 0) >= MAX_BUSINESSES;

  const save = async (values: CreateBusiness) => {
    const business = await create.mutateAsync(values);
    toast.success(`${business.legalName} added. Choose it at checkout to get a GST invoice.`);
    setAdding(false);
  };

  const saveEdit = async (values: CreateBusiness) => {
    if (!editing) return;
    const business = await update.mutateAsync({ id: editing.id, input: values });
    toast.success(`${business.legalName} saved. Orders already placed keep the details they were billed with.`);
    setEditing(null);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success('Business deleted. Its past invoices keep its details.');
      },
      onError: (e) => toast.error(`Could not delete the business: ${e.message}`),
    });
  };

  const addButton = (
    <Button onClick={() => setAdding(true)} onPointerEnter={() => void Dialog.preloadDialog()} disabled={full}>
      <Plus aria-hidden="true" className="size-4" />
      Add business
    </Button>
  );

  return (
    <section aria-labelledby="businesses-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="businesses-heading" className="text-xl font-semibold text-slate-900">
            My businesses
          </h2>
          <p className="text-sm text-slate-600">Buy for a business to get a GST invoice with its GSTIN, for input tax credit.</p>
        </div>
        {businesses && businesses.length > 0 && addButton}
      </div>
      {isPending ? (
        <AddressListSkeleton />
      ) : error ? (
        <ErrorState title="Your businesses could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : businesses.length === 0 ? (
        <EmptyState icon={<Building2 />} title="No businesses yet" action={addButton}>
          Add your business&apos;s GSTIN once, and choose &ldquo;Buy for my business&rdquo; at checkout.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {businesses.map((b) => (
            <li key={b.id}>
              <article
                aria-label={`${b.legalName}, GSTIN ${b.gstin}`}
                className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
              >
                <h3 className="font-semibold text-slate-900">{b.legalName}</h3>
                <BusinessLines business={b} showName={false} />
                <div className="mt-auto flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing(b)}
                    onPointerEnter={() => void Dialog.preloadDialog()}
                    aria-label={`Edit: ${b.legalName}`}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(b)} aria-label={`Delete: ${b.legalName}`}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      <Dialog.Root open={adding} onOpenChange={(open) => !open && setAdding(false)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
          <Dialog.Content className={`${dialogClasses} max-w-2xl`} aria-describedby={undefined}>
            <Dialog.Title className="mb-4 text-lg font-semibold text-slate-900">Add a business</Dialog.Title>
            {adding && <BusinessForm onSubmit={save} onCancel={() => setAdding(false)} />}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <Dialog.Root open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
          <Dialog.Content className={`${dialogClasses} max-w-2xl`} aria-describedby={undefined}>
            <Dialog.Title className="mb-4 text-lg font-semibold text-slate-900">Edit business</Dialog.Title>
            {editing && <BusinessForm initial={editing} submitLabel="Save changes" onSubmit={saveEdit} onCancel={() => setEditing(null)} />}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <Dialog.Root open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
          <Dialog.Content role="alertdialog" className={`${dialogClasses} max-w-md`}>
            <Dialog.Title className="text-lg font-semibold text-slate-900">Delete this business?</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-700">
              {deleting ? `${deleting.legalName} (GSTIN ${deleting.gstin}) will be removed. Orders bought for it keep its details.` : ''}
            </Dialog.Description>
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Keep it</Button>
              </Dialog.Close>
              <Button variant="danger" onClick={confirmDelete} loading={remove.isPending}>
                Delete business
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
