import { useState } from 'react';
import { HIDE_REASON_MIN, hideReasonSchema, type AdminProduct } from '~/shared/schemas/catalogue-admin';
import { Button } from '~/web/components/ui/button';
import { ReasonDialog } from '~/web/components/ui/reason-dialog';
import { isApiError } from '~/web/lib/api-client';
import { formatCount } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useProductStep, type ProductStep } from '../api/admin-products-queries';

const DONE: Record<ProductStep, string> = {
  hide: 'hidden from the shop',
  restore: 'restored',
  feature: 'featured on the home page',
  unfeature: 'taken off the home page',
};
const ALREADY: Record<ProductStep, [one: string, many: string]> = {
  hide: ['was already hidden', 'were already hidden'],
  restore: ['was not hidden', 'were not hidden'],
  feature: ['was already featured', 'were already featured'],
  unfeature: ['was not featured', 'were not featured'],
};

const products = (n: number) => `${formatCount(n)} product${n === 1 ? '' : 's'}`;

/** What a bulk step did, in words: the server counts only the products it changed. */
export function bulkResultMessage(step: ProductStep, updated: number, chosen: number): string {
  const rest = chosen - updated;
  const already = (n: number) => ALREADY[step][n === 1 ? 0 : 1];
  if (updated === 0) return `Nothing changed: ${chosen === 1 ? 'the product' : `the ${products(chosen)}`} ${already(chosen)}.`;
  return `${products(updated)} ${DONE[step]}.${rest > 0 ? ` ${formatCount(rest)} ${already(rest)}.` : ''}`;
}

/**
 * The chosen products of the page, at once: hide (one reason for all, which every seller reads),
 * restore, feature or unfeature. The server does all or nothing; its refusal shows as a toast and
 * the selection stays, so the admin can change it and try again.
 */
export function ProductsBulkBar({ selected, onDone }: { selected: AdminProduct[]; onDone: () => void }) {
  const step = useProductStep();
  const [hiding, setHiding] = useState(false);
  const ids = selected.map((p) => p.id);
  const busy = (s: ProductStep) => step.isPending && step.variables?.step === s;
  const finish = (s: ProductStep, updated: number) => {
    (updated > 0 ? toast.success : toast.info)(bulkResultMessage(s, updated, ids.length));
    onDone();
  };
  const run = (s: Exclude<ProductStep, 'hide'>) =>
    step.mutate(
      { step: s, ids },
      {
        onSuccess: ({ updated }) => finish(s, updated),
        onError: (e) => toast.error(isApiError(e) ? e.message : 'The products could not be changed. Try again.'),
      },
    );
  const count = products(selected.length);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" onClick={() => setHiding(true)} disabled={step.isPending}>
        Hide
      </Button>
      <Button size="sm" variant="secondary" loading={busy('restore')} disabled={step.isPending} onClick={() => run('restore')}>
        Restore
      </Button>
      <Button size="sm" variant="secondary" loading={busy('feature')} disabled={step.isPending} onClick={() => run('feature')}>
        Feature
      </Button>
      <Button size="sm" variant="secondary" loading={busy('unfeature')} disabled={step.isPending} onClick={() => run('unfeature')}>
        Unfeature
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
      <ReasonDialog
        open={hiding}
        onOpenChange={setHiding}
        title={`Hide ${count}?`}
        description="They leave the shop at once (listings, search, their pages and checkout). Each seller sees theirs as hidden with your reason and cannot put it back on sale; you can restore them."
        hint={`Every seller of these products reads this: say what to correct (at least ${HIDE_REASON_MIN} characters).`}
        schema={hideReasonSchema}
        confirmLabel={`Hide ${count}`}
        danger
        pending={busy('hide')}
        onConfirm={(reason) => step.mutateAsync({ step: 'hide', ids, reason }).then(({ updated }) => finish('hide', updated))}
      />
    </div>
  );
}
