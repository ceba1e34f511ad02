import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { RefObject } from 'react';
import type { ProductImage as ProductImageData } from '~/shared/schemas/catalogue';
import { ProductImage } from '~/web/components/product/product-image';
import { galleryKeyStep } from './gallery-keys';

interface ImageLightboxProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  images: readonly ProductImageData[];
  index: number;
  onIndexChange: (index: number) => void;
  name: string;
  /** Where focus goes back on closing (the lightbox opens without a Radix trigger). */
  returnFocus: RefObject<HTMLElement | null>;
}

/** The zoomed view: the picture as large as the screen allows; arrows step, Escape closes. */
export function ImageLightbox({ open, onOpenChange, images, index, onIndexChange, name, returnFocus }: ImageLightboxProps) {
  const count = images.length;
  const image = images[index];
  const step = (delta: number) => onIndexChange((index + delta + count) % count);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/90" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col p-3 text-white sm:p-6"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          onKeyDown={(event) => {
            const next = galleryKeyStep(event.key, index, count);
            if (next === null || event.key === 'Home' || event.key === 'End') return;
            event.preventDefault();
            onIndexChange(next);
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-base font-semibold sm:text-lg">{name}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-300" aria-live="polite">
                Picture {index + 1} of {count}
                {image ? `: ${image.alt}` : ''}
              </Dialog.Description>
            </div>
            <Dialog.Close className="shrink-0 rounded-md p-2 text-white hover:bg-white/10" aria-label="Close the zoomed picture">
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center py-3">
            {image && (
              <div className="flex h-full w-full max-w-6xl items-center justify-center rounded-lg bg-white">
                <ProductImage key={image.id} image={image} priority sizes="100vw" maxWidth={1280} className="max-h-[calc(100vh-9rem)]" />
              </div>
            )}
            {count > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => step(-1)}
                  className="absolute top-1/2 left-1 -translate-y-1/2 rounded-full bg-slate-900/70 p-2 text-white hover:bg-slate-900 sm:left-3"
                  aria-label="Previous picture"
                >
                  <ChevronLeft aria-hidden="true" className="size-7" />
                </button>
                <button
                  type="button"
                  onClick={() => step(1)}
                  className="absolute top-1/2 right-1 -translate-y-1/2 rounded-full bg-slate-900/70 p-2 text-white hover:bg-slate-900 sm:right-3"
                  aria-label="Next picture"
                >
                  <ChevronRight aria-hidden="true" className="size-7" />
                </button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
