import { ZoomIn } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { ProductImage as ProductImageData } from '~/shared/schemas/catalogue';
import { cn } from '~/web/components/ui/cn';
import { ProductImage } from '~/web/components/product/product-image';
import { galleryKeyStep } from './gallery-keys';
import { ImageLightbox } from './image-lightbox';

/**
 * The product's pictures: the large one (a button that opens the zoomed view; hovering with a
 * mouse magnifies it), and thumbnails to choose another. The arrow keys step through them.
 */
export function ProductGallery({ images, name }: { images: readonly ProductImageData[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const magnified = useRef<HTMLDivElement>(null);
  const mainButton = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const current = images[index] ?? null;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, onThumbnail: boolean) => {
    const next = galleryKeyStep(event.key, index, count);
    if (next === null) return;
    event.preventDefault();
    setIndex(next);
    if (onThumbnail) thumbs.current[next]?.focus();
  };

  // Magnify around the pointer: only the transform origin follows the mouse, no re-render.
  const onMouseMove = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    if (magnified.current) magnified.current.style.transformOrigin = `${x}% ${y}%`;
  };

  if (!current) {
    return <ProductImage image={null} sizes="100vw" alt={`No picture of ${name} yet`} className="rounded-xl border border-slate-200" />;
  }

  return (
    <div>
      <button
        ref={mainButton}
        type="button"
        onClick={() => setZoomed(true)}
        onKeyDown={(e) => onKeyDown(e, false)}
        onMouseMove={onMouseMove}
        aria-label={`Zoom picture ${index + 1} of ${count}: ${current.alt}`}
        aria-describedby={count > 1 ? 'gallery-keys-hint' : undefined}
        className="group relative block w-full cursor-zoom-in overflow-hidden rounded-xl border border-slate-200 bg-white"
      >
        <div ref={magnified} className="transition-transform duration-200 ease-out group-hover:scale-[1.8]">
          <ProductImage image={current} priority sizes="(min-width: 1280px) 600px, (min-width: 1024px) 48vw, 100vw" alt="" />
        </div>
        <span
          aria-hidden="true"
          className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-md bg-white/90 px-2 py-1 text-xs font-medium text-slate-700 shadow-sm"
        >
          <ZoomIn className="size-4" /> Zoom
        </span>
      </button>
      {count > 1 && (
        <p id="gallery-keys-hint" className="sr-only">
          Left and right arrow keys show the other pictures.
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        Picture {index + 1} of {count}
      </p>

      {count > 1 && (
        <ul aria-label="Pictures" className="mt-3 flex gap-2 overflow-x-auto p-1">
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                onClick={() => setIndex(i)}
                onKeyDown={(e) => onKeyDown(e, true)}
                aria-label={`Show picture ${i + 1} of ${count}: ${image.alt}`}
                aria-pressed={i === index}
                className={cn(
                  'block size-16 overflow-hidden rounded-lg border-2 bg-white p-0.5 sm:size-20',
                  i === index ? 'border-brand-600' : 'border-slate-200 hover:border-slate-400',
                )}
              >
                <ProductImage image={image} sizes="80px" maxWidth={160} alt="" className="h-full" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <ImageLightbox
        open={zoomed}
        onOpenChange={setZoomed}
        images={images}
        index={index}
        onIndexChange={setIndex}
        name={name}
        returnFocus={mainButton}
      />
    </div>
  );
}
