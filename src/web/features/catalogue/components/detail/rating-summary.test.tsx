import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GivenStars, RatingStars } from '../rating-stars';
import { RatingSummary } from './rating-summary';

/**
 * The text a screen reader reads in `element`, piece by piece: what is hidden from it is left out, and
 * each element's text is a piece of its own, as screen readers may pause (or speak a space) where an
 * element starts or ends: "5 star" then "s:" reads "5 star s".
 */
function spoken(element: Element): string {
  const pieces: string[] = [];
  const walk = (node: Node) => {
    if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return;
    const own = [...node.childNodes]
      .filter((child) => child.nodeType === Node.TEXT_NODE)
      .map((child) => child.textContent ?? '')
      .join('');
    if (own.trim()) pieces.push(own.trim());
    for (const child of node.childNodes) if (child instanceof Element) walk(child);
  };
  walk(element);
  return pieces.join(' ');
}

describe('rating displays read as words', () => {
  it('reads each bar of the rating summary as one phrase: "5 stars: 12 reviews, 60%"', () => {
    render(<RatingSummary average={4.2} count={20} breakdown={[1, 0, 2, 5, 12]} />);
    const bars = within(screen.getByRole('list', { name: 'Ratings by stars' })).getAllByRole('listitem');
    expect(bars.map(spoken)).toEqual([
      '5 stars: 12 reviews, 60%',
      '4 stars: 5 reviews, 25%',
      '3 stars: 2 reviews, 10%',
      '2 stars: 0 reviews, 0%',
      '1 star: 1 review, 5%',
    ]);
  });

  it("reads the average, a card's stars and a review's stars as sentences, not as star characters", () => {
    const { container } = render(
      <>
        <p data-testid="average">
          <RatingStars average={4.25} count={128} />
        </p>
        <p data-testid="one">
          <RatingStars average={5} count={1} size="md" />
        </p>
        <p data-testid="given">
          <GivenStars rating={4} />
        </p>
        <p data-testid="none">
          <RatingStars average={0} count={0} />
        </p>
      </>,
    );
    expect(spoken(screen.getByTestId('average'))).toBe('Rated 4.3 out of 5 by 128 customers');
    expect(spoken(screen.getByTestId('one'))).toBe('Rated 5.0 out of 5 by 1 customer');
    expect(spoken(screen.getByTestId('given'))).toBe('Rated 4 out of 5');
    expect(spoken(screen.getByTestId('none'))).toBe('No ratings yet');
    expect(spoken(container)).not.toContain('★');
  });
});
