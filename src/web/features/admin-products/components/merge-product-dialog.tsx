import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DUPLICATE_REASON_LABELS, type LikelyDuplicate } from '~/shared/schemas/product-review';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { Alert, Skeleton } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { formatCount } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { duplicatesQueryOptions, mergePreviewQueryOptions, useMergeProduct } from '../api/product-review';

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What the merge moves, read from the server's preview before the admin confirms. */
function MergePreview({ id, intoId }: { id: string; intoId: string }) {
  const preview = useQuery(mergePreviewQueryOptions(id, intoId));
  if (preview.isPending) return <Skeleton className="h-24 w-full" />;
  if (preview.isError) return <Alert tone="error">{preview.error.message}</Alert>;
  const p = preview.data;
  return (
    <div aria-live="polite" className="rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
      <p>
        <strong>{p.duplicate.name}</strong> goes into <strong>{p.kept.name}</strong>, which is kept. Its address leads to the kept product,
        and it leaves the shop.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="What moves">
        <li>
          {plural(p.offers, 'offer')} move{p.offers === 1 ? 's' : ''}
          {p.sellers.length > 0 ? ` (${p.sellers.join(', ')})` : ''}
        </li>
        <li>
          {plural(p.configurationsJoined, 'configuration')} join{p.configurationsJoined === 1 ? 's' : ''} the kept one of the same options;{' '}
          {plural(p.configurationsAdded, 'configuration')} added
        </li>
        <li>
          {plural(p.reviews, 'review')} move{p.reviews === 1 ? 's' : ''}
          {p.reviewsLeft > 0
            ? `; ${plural(p.reviewsLeft, 'review')} stay${p.reviewsLeft === 1 ? 's' : ''} behind (their authors reviewed the kept product)`
            : ''}
        </li>
        <li>
          {plural(p.wishlists, 'wishlist')} and {plural(p.alerts, 'back-in-stock alert')} follow
        </li>
        <li>Orders keep their lines as bought; their links open the kept product.</li>
      </ul>
    </div>
  );
}

function Suggestions({ id, onPick, picked }: { id: string; onPick: (d: LikelyDuplicate) => void; picked: string }) {
  const found = useQuery(duplicatesQueryOptions(id));
  if (found.isPending) return <Skeleton className="h-10 w-full" />;
  if (found.isError || found.data.items.length === 0) return null;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">Likely duplicates</legend>
      <ul className="mt-1 space-y-1">
        {found.data.items.map((d) => (
          <li key={d.id}>
            <label className="flex items-start gap-2 text-sm">
              <input type="radio" name={`merge-into-${id}`} checked={picked === d.id} onChange={() => onPick(d)} className="mt-1" />
              <span>
                {d.name}{' '}
                <span className="text-slate-600">
                  — {d.sellerName}; {d.reasons.map((r) => DUPLICATE_REASON_LABELS[r]).join(', ')}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * "Merge into…": the admin picks the product to keep (a likely duplicate, or any product by its id), reads what
 * moves and confirms; the server merges in one transaction and refuses what cannot be merged, in words shown here.
 */
export function MergeProductDialog({
  product,
  intoId: initial,
  open,
  onClose,
  onMerged,
}: {
  product: { id: string; name: string };
  intoId?: string;
  open: boolean;
  onClose: () => void;
  onMerged?: () => void;
}) {
  const [intoId, setIntoId] = useState(initial ?? '');
  const [typed, setTyped] = useState(initial ?? '');
  const merge = useMergeProduct();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Merge ${product.name} into…`}
      description="Choose the product to keep. Its page then sells this one's offers too."
      confirmLabel="Merge products"
      pending={merge.isPending}
      canConfirm={() => intoId !== ''}
      onConfirm={async () => {
        const done = await merge.mutateAsync({ id: product.id, intoId });
        toast.success(`${done.duplicate.name} is merged into ${done.kept.name}.`);
        onMerged?.();
      }}
    >
      <Suggestions id={product.id} picked={intoId} onPick={(d) => (setIntoId(d.id), setTyped(d.id))} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setIntoId(typed.trim());
        }}
        className="flex items-end gap-2"
      >
        <TextField
          label="Product to keep (its id)"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={() => setIntoId(typed.trim())}
          placeholder="prd_…"
          className="flex-1"
        />
      </form>
      {intoId !== '' && <MergePreview id={product.id} intoId={intoId} />}
    </ConfirmDialog>
  );
}
