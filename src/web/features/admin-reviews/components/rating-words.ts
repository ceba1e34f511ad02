/** A product's rating in words for a toast: "an average of 4.3 stars from 12 reviews", or "no reviews shown". */
export function ratingSentence(rating: { average: number; count: number }): string {
  if (rating.count === 0) return 'no reviews shown';
  return `an average of ${rating.average.toFixed(1)} stars from ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
}
