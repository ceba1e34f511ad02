import { formatCount } from '~/web/lib/format';
import { RatingStars } from '../rating-stars';

const starsLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/** The average with bars for 5 down to 1 star. `breakdown[0]` counts one-star reviews. */
export function RatingSummary({ average, count, breakdown }: { average: number; count: number; breakdown: readonly number[] }) {
  const total = breakdown.reduce((sum, n) => sum + n, 0);
  return (
    <div>
      <p className="flex items-baseline gap-2">
        <span className="text-4xl font-bold text-slate-900">{count > 0 ? average.toFixed(1) : '–'}</span>
        <span className="text-sm text-slate-600">out of 5</span>
      </p>
      <RatingStars average={average} count={count} size="md" className="mt-1" />
      <p className="mt-1 text-sm text-slate-600">
        {formatCount(count)} {count === 1 ? 'rating' : 'ratings'}
      </p>
      {total > 0 && (
        <ul className="mt-4 space-y-1.5" aria-label="Ratings by stars">
          {[5, 4, 3, 2, 1].map((stars) => {
            const n = breakdown[stars - 1] ?? 0;
            const percent = Math.round((n / total) * 100);
            return (
              <li key={stars} className="flex items-center gap-2 text-sm">
                {/* Read as one phrase ("5 stars: 12 reviews, 60%"); the bar and its figures are for the eye. */}
                <span className="sr-only">{`${starsLabel(stars)}: ${formatCount(n)} ${n === 1 ? 'review' : 'reviews'}, ${percent}%`}</span>
                <span aria-hidden="true" className="w-12 shrink-0 text-slate-700">
                  {stars} star
                </span>
                <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200">
                  <span className="block h-full rounded-full bg-amber-500" style={{ width: `${percent}%` }} />
                </span>
                <span aria-hidden="true" className="w-20 shrink-0 text-right text-slate-600">
                  {formatCount(n)} <span className="text-xs">({percent}%)</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
