import { Skeleton } from '~/web/components/ui/feedback';

/** The product page's shape while it loads. */
export function ProductSkeleton() {
  return (
    <div role="status" aria-label="Loading the product">
      <Skeleton className="mb-6 h-4 w-64" />
      <div className="grid gap-8 lg:grid-cols-2">
        <div>
          <Skeleton className="aspect-[4/3] w-full rounded-xl" />
          <div className="mt-3 flex gap-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="size-16 sm:size-20" />
            ))}
          </div>
        </div>
        <div className="space-y-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-10 w-48" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      </div>
    </div>
  );
}
