import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, GripVertical, ImagePlus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { MAX_PICTURE_BYTES, MAX_PRODUCT_PICTURES, PICTURE_TYPES, type ProductPicture } from '~/shared/schemas/vendor-products';
import { Button } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { Alert } from '~/web/components/ui/feedback';
import { UploadProgress } from '~/web/components/ui/upload-progress';
import { api, isApiError } from '~/web/lib/api-client';
import { CHANGES_CATALOGUE } from '~/web/lib/catalogue-changes';
import { toast } from '~/web/lib/toast';
import { useUploads } from '~/web/lib/use-uploads';
import { useConfigurations } from '../api/product-configurations';
import { vendorProductKeys } from '../api/vendor-products';
import { uploadPicture } from '../api/upload-picture';

const thumbnail = (productId: string, imageId: string) =>
  `/api/vendor/products/${encodeURIComponent(productId)}/images/${encodeURIComponent(imageId)}/320.webp`;

function SortablePicture(props: {
  productId: string;
  picture: ProductPicture;
  index: number;
  count: number;
  onMain: () => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  busy: boolean;
  /** The product's configurations a picture may show (none for a product of one configuration). */
  configurations: { id: string; label: string }[];
  onShows: (variantId: string | null) => void;
}) {
  const { productId, picture, index } = props;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: picture.id });
  const label = `Picture ${index + 1}${index === 0 ? ' (main)' : ''}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'relative rounded-lg border bg-white p-2',
        index === 0 ? 'border-brand-600' : 'border-slate-200',
        isDragging && 'z-10 shadow-lg',
      )}
    >
      <img
        src={thumbnail(productId, picture.id)}
        alt={`${label}: ${picture.alt}`}
        width={picture.width}
        height={picture.height}
        className="aspect-[4/3] w-full rounded-md bg-slate-50 object-contain"
      />
      <p className="mt-1 text-xs font-medium text-slate-700">{label}</p>
      {props.configurations.length > 1 && (
        <label className="mt-1 flex flex-col gap-0.5 text-xs text-slate-700">
          Shows
          <select
            aria-label={`Picture ${index + 1} shows`}
            className="w-full rounded-md border border-slate-300 bg-white px-1.5 py-1 text-base sm:text-xs"
            value={picture.variantId ?? ''}
            disabled={props.busy}
            onChange={(e) => props.onShows(e.target.value || null)}
          >
            <option value="">All configurations</option>
            {props.configurations.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {/* Two pictures to a row on a phone: the buttons wrap rather than push Delete out of the card. */}
      <div className="mt-1 flex flex-wrap items-center gap-1">
        <button
          type="button"
          className="cursor-grab rounded p-1.5 text-slate-600 hover:bg-slate-100 active:cursor-grabbing"
          aria-label={`Move ${label.toLowerCase()}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        {index > 0 && (
          <Button
            size="sm"
            variant="ghost"
            className="px-1.5"
            onClick={() => props.onMove(-1)}
            disabled={props.busy}
            aria-label={`Move picture ${index + 1} earlier`}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
        )}
        {index < props.count - 1 && (
          <Button
            size="sm"
            variant="ghost"
            className="px-1.5"
            onClick={() => props.onMove(1)}
            disabled={props.busy}
            aria-label={`Move picture ${index + 1} later`}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        )}
        {index > 0 && (
          <Button
            size="sm"
            variant="ghost"
            onClick={props.onMain}
            disabled={props.busy}
            aria-label={`Make picture ${index + 1} the main picture`}
          >
            <Star aria-hidden="true" className="size-4" /> Main
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto text-red-700"
          onClick={props.onDelete}
          disabled={props.busy}
          aria-label={`Delete picture ${index + 1}`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </li>
  );
}

const picturesKey = (productId: string) => [...vendorProductKeys.one(productId), 'pictures'] as const;

/** A saved product's pictures as they stand (uploads and deletions included), starting from those it was loaded with. */
export function useProductPictures(productId: string, initial: ProductPicture[]) {
  return useQuery({
    queryKey: picturesKey(productId),
    queryFn: ({ signal }) =>
      api<{ pictures: ProductPicture[] }>(`/api/vendor/products/${encodeURIComponent(productId)}/images`, { signal }).then(
        (r) => r.pictures,
      ),
    initialData: initial,
  });
}

/**
 * The pictures of a saved product: drop or choose several files (each uploads with its own progress
 * bar), reorder by dragging, with the keyboard (Space to lift, arrows to move, Space to drop) or
 * with the earlier / later buttons, make one the main picture, delete. The server checks every file again and has the last word.
 */
export function ProductPictures({ productId, initial }: { productId: string; initial: ProductPicture[] }) {
  const queryClient = useQueryClient();
  const key = picturesKey(productId);
  const pictures = useProductPictures(productId, initial);
  const grid = useConfigurations(productId);
  const configurations = (grid.data?.configurations ?? []).map((c) => ({
    id: c.variantId,
    label: c.status === 'archived' ? `${c.label} (archived)` : c.label,
  }));
  const { uploads, queue: queueUpload, dismiss } = useUploads();
  const [refused, setRefused] = useState<string[]>([]);
  const list = pictures.data;
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: vendorProductKeys.all })]);

  const reorder = useMutation({
    meta: CHANGES_CATALOGUE,
    mutationFn: (ids: string[]) =>
      api<{ pictures: ProductPicture[] }>(`/api/vendor/products/${encodeURIComponent(productId)}/images/order`, {
        method: 'PUT',
        body: { ids },
      }).then((r) => r.pictures),
    onMutate: (ids) => {
      const previous = list;
      queryClient.setQueryData<ProductPicture[]>(
        key,
        ids.map((id) => list.find((p) => p.id === id)!),
      );
      return { previous };
    },
    onError: (error, _ids, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast.error(isApiError(error) ? error.message : 'The new order could not be saved. Try again.');
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void refresh();
    },
  });

  const shows = useMutation({
    meta: CHANGES_CATALOGUE,
    mutationFn: ({ imageId, variantId }: { imageId: string; variantId: string | null }) =>
      api<{ picture: ProductPicture }>(`/api/vendor/products/${encodeURIComponent(productId)}/images/${encodeURIComponent(imageId)}`, {
        method: 'PUT',
        body: { variantId },
      }).then((r) => r.picture),
    onSuccess: (saved) => {
      queryClient.setQueryData<ProductPicture[]>(key, (current) => current?.map((p) => (p.id === saved.id ? saved : p)));
      const shown = configurations.find((c) => c.id === saved.variantId);
      toast.success(shown ? `The picture now shows ${shown.label}` : 'The picture now shows every configuration');
      void refresh();
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : 'The picture could not be changed. Try again.'),
  });

  const remove = useMutation({
    meta: CHANGES_CATALOGUE,
    mutationFn: (imageId: string) =>
      api<void>(`/api/vendor/products/${encodeURIComponent(productId)}/images/${encodeURIComponent(imageId)}`, { method: 'DELETE' }),
    onSuccess: (_void, imageId) => {
      queryClient.setQueryData<ProductPicture[]>(key, (current) => current?.filter((p) => p.id !== imageId));
      toast.success('Picture deleted');
      void refresh();
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : 'The picture could not be deleted. Try again.'),
  });

  const room = MAX_PRODUCT_PICTURES - list.length - uploads.filter((u) => !u.error && u.progress < 1).length;

  /** Shows the file in the list of uploads at once, and returns what sends it. */
  const queue = (file: File) => queueUpload(file, (onProgress) => uploadPicture(productId, file, { onProgress }).then(refresh));
  // One after another: the server numbers pictures as they arrive, so files chosen together keep the
  // order they were chosen in (sent at once, a small later file would finish first and come first).
  // On a phone's connection they share its bandwidth anyway; a failed one does not stop the next.
  const send = (files: File[]) => files.map(queue).reduce<Promise<void>>((previous, start) => previous.then(start), Promise.resolve());

  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    const problems = rejections.map(({ file, errors }) =>
      errors.some((e) => e.code === 'file-too-large')
        ? `${file.name} is larger than 10 MB.`
        : `${file.name} is not a JPEG, PNG, WebP or AVIF picture.`,
    );
    const fits = accepted.slice(0, Math.max(0, room));
    if (accepted.length > fits.length)
      problems.push(`A product can have at most ${MAX_PRODUCT_PICTURES} pictures: ${accepted.length - fits.length} not added.`);
    setRefused(problems);
    void send(fits);
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    accept: Object.fromEntries(PICTURE_TYPES.map((type) => [type, []])),
    maxSize: MAX_PICTURE_BYTES,
    noClick: true,
    noKeyboard: true,
    disabled: room <= 0,
  });

  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const position = (id: string | number) => list.findIndex((p) => p.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up picture ${position(active.id)}.`,
    onDragOver: ({ over }) => (over ? `Over position ${position(over.id)} of ${list.length}.` : 'Not over a position.'),
    onDragEnd: ({ active, over }) => (over ? `Picture moved to position ${position(over.id)}.` : `Picture ${position(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving cancelled: picture ${position(active.id)} stays where it was.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = list.findIndex((p) => p.id === active.id);
    const to = list.findIndex((p) => p.id === over.id);
    reorder.mutate(arrayMove(list, from, to).map((p) => p.id));
  };
  const makeMain = (id: string) => reorder.mutate([id, ...list.filter((p) => p.id !== id).map((p) => p.id)]);

  return (
    <section aria-labelledby="pictures-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="pictures-heading" className="text-lg font-semibold text-slate-900">
        Pictures
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Up to {MAX_PRODUCT_PICTURES} pictures, JPEG, PNG, WebP or AVIF, each up to 10 MB and at least 600 × 450 pixels. The first is the
        main picture customers see in lists.
      </p>

      <div
        {...getRootProps({
          className: cn(
            'mt-4 flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm',
            isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50',
          ),
        })}
      >
        <input {...getInputProps({ 'aria-label': 'Choose pictures to upload' })} />
        <ImagePlus aria-hidden="true" className="size-8 text-slate-500" />
        {room > 0 ? (
          <>
            <p className="text-slate-700">{isDragActive ? 'Drop the pictures to upload them' : 'Drag pictures here, or'}</p>
            <Button variant="secondary" size="sm" onClick={open}>
              Choose pictures
            </Button>
          </>
        ) : (
          <p className="text-slate-700">This product has {MAX_PRODUCT_PICTURES} pictures. Delete one to add another.</p>
        )}
      </div>

      {refused.length > 0 && (
        <Alert tone="error" className="mt-3">
          <ul>
            {refused.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </Alert>
      )}

      {uploads.length > 0 && (
        <ul className="mt-4 space-y-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className="text-sm">
              <UploadProgress name={u.name} progress={u.progress} error={u.error} onDismiss={() => dismiss(u.key)} />
            </li>
          ))}
        </ul>
      )}

      {list.length > 0 ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext items={list.map((p) => p.id)} strategy={rectSortingStrategy}>
            <ol aria-label="Pictures in order" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {list.map((picture, index) => (
                <SortablePicture
                  key={picture.id}
                  productId={productId}
                  picture={picture}
                  index={index}
                  count={list.length}
                  busy={reorder.isPending || remove.isPending || shows.isPending}
                  configurations={configurations}
                  onShows={(variantId) => shows.mutate({ imageId: picture.id, variantId })}
                  onMain={() => makeMain(picture.id)}
                  onMove={(by) => reorder.mutate(arrayMove(list, index, index + by).map((p) => p.id))}
                  onDelete={() => remove.mutate(picture.id)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : (
        uploads.length === 0 && <p className="mt-4 text-sm text-slate-600">No pictures yet. Products with pictures sell far better.</p>
      )}
    </section>
  );
}
