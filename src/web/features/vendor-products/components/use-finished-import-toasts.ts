import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { arePicturesUnderWay, isImportUnderWay, type ImportStatus, type ProductImport } from '~/shared/schemas/product-imports';
import { toast } from '~/web/lib/toast';
import { vendorProductKeys } from '../api/vendor-products';
import { picturesResultText } from './import-pictures';
import { importResultText } from './import-progress';

/**
 * Says so in a toast when an import the vendor saw under way (the one just uploaded, or one in the
 * list) is done or failed, and when the pictures it was fetching are, however many lists show it;
 * the vendor's product lists are fetched again.
 */
export function useFinishedImportToasts(...sources: (readonly ProductImport[] | undefined)[]) {
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, ImportStatus>());
  /** Imports seen fetching their pictures, and those whose end was told (a list a moment behind must not start it again). */
  const fetching = useRef(new Set<string>());
  const toldPictures = useRef(new Set<string>());
  const items = sources.flatMap((s) => s ?? []);
  const signature = items.map((i) => `${i.id}:${i.status}:${arePicturesUnderWay(i)}`).join();

  useEffect(() => {
    let finished = false;
    for (const item of items) {
      const picturesTold = toldPictures.current.has(item.id);
      if (!picturesTold && arePicturesUnderWay(item)) fetching.current.add(item.id);
      else if (!picturesTold && fetching.current.delete(item.id)) {
        toldPictures.current.add(item.id);
        finished = true;
        toast.success(`${item.fileName}: ${picturesResultText(item)}`);
      }
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
    // `signature` changes exactly when an import appears, changes status or finishes fetching its pictures.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
}
