import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '~/web/components/ui/cn';
import { returnPhotoUrl, type ReturnPhoto } from '~/shared/schemas/return-photos';

/** Said where a return's photos were, once the customer deleted their account (decision 55). */
const PHOTOS_REMOVED = 'Photos removed when the customer deleted their account.';

/**
 * A return photo's thumbnail (320 pixels wide, WebP), cropped to the box `className` gives it. A
 * photo that does not load (removed since the page was loaded, when the customer's account was
 * erased) is a grey box named as no longer available, not a broken picture.
 */
export function ReturnPhotoThumbnail({
  orderId,
  photo,
  alt,
  className,
}: {
  orderId: string;
  photo: ReturnPhoto;
  alt: string;
  className: string;
}) {
  const [missing, setMissing] = useState(false);
  if (missing) {
    return (
      <span
        role="img"
        aria-label={`${alt}: no longer available`}
        className={cn('flex items-center justify-center bg-slate-100', className)}
      >
        <ImageOff aria-hidden="true" className="size-5 text-slate-500" />
      </span>
    );
  }
  return (
    <img
      onError={() => setMissing(true)}
      src={returnPhotoUrl(orderId, photo.id)}
      alt={alt}
      width={photo.width}
      height={photo.height}
      loading="lazy"
      className={cn('bg-slate-50 object-cover', className)}
    />
  );
}

/**
 * The photos a customer sent with a return request, as thumbnails that open the larger copy in a new
 * tab: beside the return reason on the customer's order page, the seller's orders and the admin's order.
 * Once the customer deleted their account and the photos were removed with it, a line says so.
 */
export function ReturnPhotoGallery({
  orderId,
  photos,
  label,
  compact = false,
  removed = false,
}: {
  orderId: string;
  photos: readonly ReturnPhoto[];
  label: string;
  /** Smaller thumbnails, for a row of a table. */
  compact?: boolean;
  /** The customer deleted their account and the photos went with it: say so rather than show nothing. */
  removed?: boolean;
}) {
  if (photos.length === 0)
    return removed ? <p className={cn('mt-2 text-slate-600', compact ? 'text-xs' : 'text-sm')}>{PHOTOS_REMOVED}</p> : null;
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-2">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={returnPhotoUrl(orderId, photo.id, 1280)}
            target="_blank"
            rel="noreferrer"
            className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <ReturnPhotoThumbnail
              orderId={orderId}
              photo={photo}
              alt={`Sent with the return, ${index + 1} of ${photos.length}`}
              className={cn('rounded-md border border-slate-200', compact ? 'size-11' : 'size-16 sm:size-20')}
            />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
