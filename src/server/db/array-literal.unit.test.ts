import { describe, expect, it } from 'vitest';
import { intArray, textArray } from './array-literal';

describe('array parameters (one parameter whatever the number of values)', () => {
  it('quotes every text, and escapes the quotes and backslashes inside it', () => {
    expect(textArray(['prd_1', 'a "quoted" name', 'back\\slash', 'comma, brace}'])).toBe(
      '{"prd_1","a \\"quoted\\" name","back\\\\slash","comma, brace}"}',
    );
    expect(textArray([])).toBe('{}');
  });

  it('writes whole numbers and refuses anything else', () => {
    expect(intArray([1, 20, -3])).toBe('{1,20,-3}');
    expect(() => intArray([1.5])).toThrow('Not a whole number: 1.5');
    expect(() => intArray([Number.NaN])).toThrow();
  });
});
