import { cn } from '~/web/components/ui/cn';
import { returnPhotoUrl, type ReturnPhoto } from '~/shared/schemas/return-photos';

/** A return photo's thumbnail (320 pixels wide, WebP), cropped to the box `className` gives it. */
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
  return (
    <img
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
 */
export function ReturnPhotoGallery({
  orderId,
  photos,
  label,
  compact = false,
}: {
  orderId: string;
  photos: readonly ReturnPhoto[];
  label: string;
  /** Smaller thumbnails, for a row of a table. */
  compact?: boolean;
}) {
  if (photos.length === 0) return null;
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
