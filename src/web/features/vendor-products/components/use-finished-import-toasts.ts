import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isImportUnderWay, type ImportStatus, type ProductImport } from '~/shared/schemas/product-imports';
import { toast } from '~/web/lib/toast';
import { vendorProductKeys } from '../api/vendor-products';
import { importResultText } from './import-progress';

/**
 * Says so in a toast when an import the vendor saw under way (the one just uploaded, or one in the
 * list) is done or failed, however many lists show it; the vendor's product lists are fetched again.
 */
export function useFinishedImportToasts(...sources: (readonly ProductImport[] | undefined)[]) {
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, ImportStatus>());
  const items = sources.flatMap((s) => s ?? []);
  const signature = items.map((i) => `${i.id}:${i.status}`).join();

  useEffect(() => {
    let finished = false;
    for (const item of items) {
      const before = seen.current.get(item.id);
      // Once finished, always finished: a list fetched a moment before the import's own answer may still say running.
      if (before !== undefined && !isImportUnderWay(before)) continue;
      seen.current.set(item.id, item.status);
      if (before === undefined || isImportUnderWay(item.status)) continue;
      finished = true;
      if (item.status === 'done') toast.success(`${item.fileName} imported: ${importResultText(item)}`);
      else toast.error(`${item.fileName} was not imported: ${item.error ?? 'the import failed.'}`);
    }
    if (finished) void queryClient.invalidateQueries({ queryKey: vendorProductKeys.all });
    // `signature` changes exactly when an import appears or changes status.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
}
