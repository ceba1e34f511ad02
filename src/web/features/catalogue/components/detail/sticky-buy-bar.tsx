import { ShoppingCart } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { formatPaise } from '~/shared/money';
import type { ProductDetail } from '~/shared/schemas/catalogue';
import { Button } from '~/web/components/ui/button';

/** CSS variable the compare tray reads to sit above this bar on a phone. */
const OFFSET_VARIABLE = '--buy-bar-offset';

/**
 * On a phone, once the page's own buttons scroll out of view, price and Add to cart stay at
 * the bottom of the screen. The page keeps room for it (`StickyBuyBarSpace`).
 */
export function StickyBuyBar({
  product,
  watch,
  disabled,
  quantity,
  onAddToCart,
}: {
  product: Pick<ProductDetail, 'name' | 'pricePaise'>;
  watch: RefObject<HTMLElement | null>;
  disabled: boolean;
  quantity: number;
  onAddToCart: () => void;
}) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const target = watch.current;
    if (!target) return;
    // Shown once the buttons have gone above the screen, not while they are still below it.
    // (A scroll listener, not an IntersectionObserver: a fast scroll can jump from below to above.)
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(target.getBoundingClientRect().bottom < 0);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [watch]);

  useEffect(() => {
    if (!visible) return;
    document.documentElement.style.setProperty(OFFSET_VARIABLE, '4.5rem');
    return () => {
      document.documentElement.style.removeProperty(OFFSET_VARIABLE);
    };
  }, [visible]);

  return (
    <>
      {visible && (
        <div
          data-testid="sticky-buy-bar"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.1)] lg:hidden"
        >
          <div className="mx-auto flex max-w-7xl items-center gap-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-xs text-slate-600">{product.name}</p>
              <p className="font-bold text-slate-900">{formatPaise(product.pricePaise)}</p>
            </div>
            <Button variant="accent" disabled={disabled} onClick={onAddToCart}>
              <ShoppingCart aria-hidden="true" className="size-4" />
              {quantity > 1 ? `Add ${quantity} to cart` : 'Add to cart'}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

/** Room at the end of the page on a phone, so the bar never covers the footer. */
export function StickyBuyBarSpace() {
  return <div aria-hidden="true" className="h-20 lg:hidden" />;
}
