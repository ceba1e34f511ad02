import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { renameBrandSchema, type AdminBrand } from '~/shared/schemas/catalogue-admin';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';
import { formatCount } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { adminBrandsQueryOptions, useRenameBrand } from '../api/admin-brands';
import { adminProductKeys } from '../api/admin-products-queries';

const products = (n: number) => `${formatCount(n)} product${n === 1 ? '' : 's'}`;

/**
 * Renames a brand on every product carrying it. A name another brand already has merges the two, so
 * the dialog says so and asks again before it does; a name that differs from one only in capitals or
 * spaces is pointed out (the server keeps them apart).
 */
export function RenameBrandDialog({ brand, onClose }: { brand: AdminBrand | null; onClose: () => void }) {
  return (
    <DialogFrame
      open={brand !== null}
      onOpenChange={(open) => !open && onClose()}
      title={brand ? `Rename or merge ${brand.brand}` : 'Rename or merge'}
      description={
        brand
          ? `Every product carrying ${brand.brand} (${products(brand.count)}) gets the new name. A name another brand already has merges the two.`
          : ''
      }
    >
      {/* A fresh form for each brand opened. */}
      {brand && <RenameForm key={brand.brand} from={brand} onClose={onClose} />}
    </DialogFrame>
  );
}

function RenameForm({ from, onClose }: { from: AdminBrand; onClose: () => void }) {
  const queryClient = useQueryClient();
  const rename = useRenameBrand();
  // Every brand (not only the page's search), for suggestions and to know when the new name merges.
  const everyBrand = useQuery(adminBrandsQueryOptions());
  const listId = useId();
  const [to, setTo] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [merging, setMerging] = useState<AdminBrand | null>(null);
  const [checking, setChecking] = useState(false);
  const others = (everyBrand.data?.items ?? []).filter((b) => b.brand !== from.brand);
  const typed = to.trim();
  const alike =
    typed && !others.some((b) => b.brand === typed) ? others.find((b) => b.brand.toLowerCase() === typed.toLowerCase()) : undefined;

  const send = async (target: string, into: AdminBrand | null) => {
    setFormError(null);
    try {
      const result = await rename.mutateAsync({ from: from.brand, to: target });
      toast.success(
        into
          ? `${from.brand} is merged into ${result.brand}: ${products(result.updated)} changed.`
          : `${from.brand} is now ${result.brand} on ${products(result.updated)}.`,
      );
      onClose();
    } catch (error) {
      setMerging(null);
      if (isApiError(error) && error.fields.to) setFieldError(error.fields.to);
      else setFormError(isApiError(error) ? error.message : 'The brand could not be renamed. Try again.');
      // Someone may have renamed it meanwhile: show the brands as they are now.
      if (isApiError(error, 'NOT_FOUND')) void queryClient.invalidateQueries({ queryKey: [...adminProductKeys.all, 'brands'] });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setFormError(null);
    const parsed = renameBrandSchema.safeParse({ from: from.brand, to });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      if (issue.path[0] === 'to') setFieldError(issue.message);
      else setFormError(issue.message);
      return;
    }
    let brands: AdminBrand[];
    setChecking(true);
    try {
      brands = (await queryClient.fetchQuery(adminBrandsQueryOptions())).items;
    } catch (error) {
      setFormError(isApiError(error) ? error.message : 'The brands could not be checked. Try again.');
      return;
    } finally {
      setChecking(false);
    }
    const existing = brands.find((b) => b.brand === parsed.data.to) ?? null;
    if (existing) setMerging(existing);
    else await send(parsed.data.to, null);
  };

  if (merging) {
    return (
      <div className="mt-4 space-y-4">
        <Alert tone="warning" title={`Merge ${from.brand} into ${merging.brand}?`}>
          The {products(from.count)} of {from.brand} will carry {merging.brand}, which {products(merging.count)} already carry. Afterwards
          they are one brand: the merge cannot be told apart or undone in one step.
        </Alert>
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setMerging(null)}>
            Back
          </Button>
          <Button variant="danger" loading={rename.isPending} onClick={() => void send(merging.brand, merging)}>
            Merge brands
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label="New name"
        value={to}
        maxLength={40}
        autoComplete="off"
        list={listId}
        error={fieldError}
        hint={
          alike
            ? `${alike.brand} is already a brand: write it exactly so to merge into it.`
            : 'Type a new name, or the name of another brand to merge into it.'
        }
        onChange={(e) => {
          setTo(e.target.value);
          setFieldError(undefined);
        }}
      />
      <datalist id={listId}>
        {others.map((b) => (
          <option key={b.brand} value={b.brand} />
        ))}
      </datalist>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={checking || rename.isPending}>
          Rename
        </Button>
      </div>
    </form>
  );
}
