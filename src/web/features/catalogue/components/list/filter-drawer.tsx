import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import type { ProductListState } from '~/shared/catalogue';
import { Button } from '~/web/components/ui/button';
import { productFacetsQueryOptions } from '../../api/catalogue-queries';
import { FilterPanel } from './filter-panel';
import { activeFilterCount, clearFilters, productCountLabel } from './list-state';

/**
 * Filters on a phone: a full-height sheet. Choices stay in a draft (the counts follow it) until
 * "Show N products" puts them into the URL as one history entry, so Back undoes them together.
 */
export function FilterDrawer({ state, onApply }: { state: ProductListState; onApply: (next: ProductListState) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(state);
  const count = activeFilterCount(state);

  function openChange(next: boolean) {
    if (next) setDraft(state);
    setOpen(next);
  }

  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="w-full lg:hidden">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters
          {count > 0 && (
            <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">
              {count}
              <span className="sr-only"> chosen</span>
            </span>
          )}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-xl">
          {open && (
            <DrawerBody
              draft={draft}
              setDraft={setDraft}
              onApply={(next) => {
                setOpen(false);
                onApply(next);
              }}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DrawerBody({
  draft,
  setDraft,
  onApply,
}: {
  draft: ProductListState;
  setDraft: (next: ProductListState) => void;
  onApply: (next: ProductListState) => void;
}) {
  const facets = useQuery(productFacetsQueryOptions(draft));
  const total = facets.data?.total;
  return (
    <>
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <Dialog.Title className="text-lg font-bold text-slate-900">Filters</Dialog.Title>
        <Dialog.Close className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label="Close filters">
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>
      <Dialog.Description className="sr-only">Choose filters, then show the matching products.</Dialog.Description>
      <div className="flex-1 overflow-y-auto px-4 py-4">
        <FilterPanel state={draft} facets={facets.data} error={facets.isError} onRetry={() => void facets.refetch()} onChange={setDraft} />
      </div>
      <div className="flex items-center gap-3 border-t border-slate-200 px-4 py-3">
        <Button variant="ghost" onClick={() => setDraft(clearFilters(draft))} disabled={activeFilterCount(draft) === 0}>
          Clear all
        </Button>
        <Button className="flex-1" onClick={() => onApply({ ...draft, page: 1 })} loading={facets.isFetching && total === undefined}>
          {total === undefined ? 'Show products' : `Show ${productCountLabel(total)}`}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {total === undefined || facets.isPlaceholderData ? '' : `${productCountLabel(total)} match`}
      </p>
    </>
  );
}
