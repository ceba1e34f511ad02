import { useQuery } from '@tanstack/react-query';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS, RETURN_PHOTO_TYPES, type ReturnPhoto } from '~/shared/schemas/return-photos';
import { ReturnPhotoThumbnail } from '~/web/components/orders/return-photo-gallery';
import { Button, buttonClasses } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { UploadProgress } from '~/web/components/ui/upload-progress';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import type { useUploads } from '~/web/lib/use-uploads';
import { pendingReturnPhotosQuery, useRemoveReturnPhoto, useUploadReturnPhoto } from '../api/return-photos';

/** The customer's photos for a return: those kept (pending until the request is sent), with the request's dialog. */
export function usePendingReturnPhotos(orderId: string, enabled: boolean) {
  return useQuery({ ...pendingReturnPhotosQuery(orderId), enabled });
}

/**
 * Photos of the item for a return request (optional): up to 4, each uploading with its own progress
 * bar as soon as it is chosen, shown as a thumbnail with Remove once kept. Files too large or one too
 * many are refused here; the server decides whether a file is a photo it can read, and says why not.
 */
export function ReturnPhotosField({
  orderId,
  photos,
  uploads,
}: {
  orderId: string;
  photos: ReturnType<typeof usePendingReturnPhotos>;
  uploads: ReturnType<typeof useUploads>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const upload = useUploadReturnPhoto(orderId);
  const remove = useRemoveReturnPhoto(orderId);
  const kept: ReturnPhoto[] = photos.data ?? [];
  const room = MAX_RETURN_PHOTOS - kept.length - uploads.sending;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    let free = room;
    const sends = files.flatMap((file) => {
      if (file.size > MAX_RETURN_PHOTO_BYTES) {
        uploads.refuse(file.name, 'The photo is larger than 10 MB. Please send a smaller one.');
        return [];
      }
      if (free <= 0) {
        uploads.refuse(file.name, `A return can have at most ${MAX_RETURN_PHOTOS} photos. Remove one to add another.`);
        return [];
      }
      free -= 1;
      return [
        uploads.queue(file, (onProgress) => upload(file, onProgress).then(() => setAnnouncement(`${file.name} added to your return.`))),
      ];
    });
    // One after another: the photos keep the order they were chosen in, and share a phone's bandwidth anyway.
    void sends.reduce<Promise<void>>((previous, send) => previous.then(send), Promise.resolve());
  };

  const removePhoto = (photoId: string, index: number) =>
    remove.mutate(photoId, {
      onSuccess: () => {
        setAnnouncement(`Photo ${index + 1} removed.`);
        // Once the list has re-rendered (the button may only now be back).
        setTimeout(() => addButton.current?.focus());
      },
      onError: (error) => toast.error(isApiError(error) ? error.message : 'The photo could not be removed. Try again.'),
    });

  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-800">Photos (optional)</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        Up to {MAX_RETURN_PHOTOS} photos of the item, its serial-number label and the box; for damage, a close-up of it. JPEG, PNG or WebP,
        each up to 10 MB.
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {photos.isError && (
        <Alert tone="error" className="mt-2">
          Your photos could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void photos.refetch()}>
            Retry
          </button>
        </Alert>
      )}

      {kept.length > 0 && (
        <ul aria-label="Your photos" className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {kept.map((photo, index) => (
            <li key={photo.id} className="rounded-md border border-slate-200 p-1">
              <ReturnPhotoThumbnail
                orderId={orderId}
                photo={photo}
                alt={`Added for the return, ${index + 1} of ${kept.length}`}
                className="aspect-square w-full rounded"
              />
              <Button
                size="sm"
                variant="ghost"
                className="mt-1 w-full text-red-700"
                onClick={() => removePhoto(photo.id, index)}
                disabled={remove.isPending}
                aria-label={`Remove photo ${index + 1}`}
              >
                <Trash2 aria-hidden="true" className="size-4" /> Remove
              </Button>
            </li>
          ))}
        </ul>
      )}

      {uploads.uploads.length > 0 && (
        <ul aria-label="Photos uploading" className="mt-2 space-y-2">
          {uploads.uploads.map((u) => (
            <li key={u.key} className="text-sm">
              <UploadProgress name={u.name} progress={u.progress} error={u.error} onDismiss={() => uploads.dismiss(u.key)} />
            </li>
          ))}
        </ul>
      )}

      {/* The input is chosen through the button, so the keyboard meets one control; screen readers read the button. */}
      <input
        ref={input}
        type="file"
        multiple
        accept={RETURN_PHOTO_TYPES.join(',')}
        aria-label="Add photos"
        className="hidden"
        tabIndex={-1}
        onChange={choose}
      />
      {room > 0 ? (
        <button
          ref={addButton}
          type="button"
          className={buttonClasses('secondary', 'sm', 'mt-2')}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-hint`}
        >
          <ImagePlus aria-hidden="true" className="size-4" /> {kept.length > 0 ? 'Add another photo' : 'Add photos'}
        </button>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {uploads.sending > 0 ? 'Your photos are uploading.' : `You have added ${MAX_RETURN_PHOTOS} photos. Remove one to add another.`}
        </p>
      )}
    </fieldset>
  );
}
