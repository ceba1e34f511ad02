import * as Dialog from '~/web/components/ui/dialog';
import { useState } from 'react';
import { toast } from '~/web/lib/toast';
import { MAX_COMPARE } from '~/shared/catalogue';
import type { Category } from '~/shared/constants';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { addToCompare, removeFromCompare, replaceCompare, useCompareList } from '../../compare-store';

interface CompareToggleProps {
  product: { id: string; name: string; category: Category };
  className?: string;
}

/**
 * A "Compare" checkbox for a product card or page. A fifth product is refused with a message;
 * a product of another category asks whether to start a new list with it.
 */
export function CompareToggle({ product, className }: CompareToggleProps) {
  const list = useCompareList();
  const checked = list.ids.includes(product.id);
  const [askReplace, setAskReplace] = useState(false);

  const onChange = () => {
    if (checked) {
      removeFromCompare(product.id);
      return;
    }
    const result = addToCompare(product);
    if (result === 'full') {
      toast.error(`You can compare up to ${MAX_COMPARE} products at a time. Remove one from the compare bar to add ${product.name}.`);
    } else if (result === 'other-category') {
      setAskReplace(true);
    }
  };

  const current = list.category ? CATEGORY_LABELS[list.category].toLowerCase() : 'products';
  const wanted = CATEGORY_LABELS[product.category].toLowerCase();

  return (
    <>
      <label className={cn('compare-chip', className)}>
        <input type="checkbox" checked={checked} onChange={onChange} className="checkbox" />
        Compare <span className="sr-only">{product.name}</span>
      </label>

      <Dialog.Root open={askReplace} onOpenChange={setAskReplace}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
          <Dialog.Content
            role="alertdialog"
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
          >
            <Dialog.Title className="text-lg font-semibold text-slate-900">Compare {wanted} instead?</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-700">
              Your compare list holds {current}. Only products of one kind can be compared side by side. Start a new list with{' '}
              {product.name}?
            </Dialog.Description>
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Keep my list</Button>
              </Dialog.Close>
              <Button
                onClick={() => {
                  replaceCompare(product);
                  setAskReplace(false);
                  toast.success(`Now comparing ${wanted}: ${product.name}`);
                }}
              >
                Start a new list
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
