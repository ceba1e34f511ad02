import { useState } from 'react';
import { productImageSrcSet, productImageUrl, type ImageWidth } from '~/shared/catalogue';
import type { ProductImage as ProductImageData } from '~/shared/schemas/catalogue';
import { cn } from '~/web/components/ui/cn';

interface ProductImageProps {
  image: ProductImageData | null;
  /** The `sizes` attribute: how wide the image is drawn, e.g. '(min-width: 1024px) 25vw, 50vw'. */
  sizes: string;
  /** The first image of a page loads eagerly with high priority; the rest lazily. */
  priority?: boolean;
  maxWidth?: ImageWidth;
  className?: string;
  alt?: string;
}

/**
 * A product image in AVIF or WebP (JPEG for old browsers) at the width the layout needs.
 * Width and height are set from the master, so nothing shifts while it loads.
 */
export function ProductImage({ image, sizes, priority = false, maxWidth = 1280, className, alt }: ProductImageProps) {
  // A picture that cannot be shown (its product hidden by the shop since an order, the server unreachable) says so, not a broken image.
  const [failed, setFailed] = useState(false);
  if (!image || failed) {
    return (
      <div
        // alt="" marks a decorative picture (the card's name says what it is): then the words are plain text, not an image without a name.
        {...(alt === '' ? {} : { role: 'img', 'aria-label': alt ?? (image ? image.alt : 'No picture yet') })}
        className={cn('flex aspect-[4/3] items-center justify-center bg-slate-100 text-xs text-slate-600', className)}
      >
        {image ? 'Picture not available' : 'No picture yet'}
      </div>
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={productImageSrcSet(image.id, 'avif', maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={productImageSrcSet(image.id, 'webp', maxWidth)} sizes={sizes} />
      <img
        src={productImageUrl(image.id, 640, 'jpeg')}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        onError={() => setFailed(true)}
        className={cn('h-auto w-full object-contain', className)}
      />
    </picture>
  );
}
