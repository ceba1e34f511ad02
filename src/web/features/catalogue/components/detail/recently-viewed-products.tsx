import { useQuery } from '@tanstack/react-query';
import { productsByIdsQueryOptions } from '../../api/catalogue-queries';
import { useRecentlyViewed } from '../../recently-viewed';
import { ProductShelf, type CardActions } from './related-products';

interface RecentlyViewedProps {
  /** The product on screen, left out of the list. */
  excludeId?: string;
  /** How many cards at most (the list keeps twelve). */
  limit?: number;
  title?: string;
  /** Controls under each card; a Compare toggle by default. */
  actions?: CardActions;
}

/**
 * Products this browser looked at lately, newest first. Shows nothing while the list is empty,
 * so the home page and product pages can always place it.
 */
export function RecentlyViewed({ excludeId, limit = 8, title = 'Recently viewed', actions }: RecentlyViewedProps) {
  const viewed = useRecentlyViewed();
  const ids = viewed.filter((id) => id !== excludeId).slice(0, limit);
  const cards = useQuery(productsByIdsQueryOptions(ids));
  if (ids.length === 0 || cards.isError) return null;
  return (
    <ProductShelf
      id="recently-viewed-heading"
      title={title}
      products={cards.data}
      loading={cards.isPending}
      {...(actions ? { actions } : {})}
    />
  );
}
