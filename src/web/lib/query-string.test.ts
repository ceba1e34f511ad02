import { describe, expect, it } from 'vitest';
import { queryString } from './query-string';

describe('queryString', () => {
  it('is empty when nothing is set', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ q: '', page: undefined })).toBe('');
  });

  it('keeps set values in order, numbers and booleans as text, and encodes them', () => {
    expect(queryString({ q: 'rtx 4060 & more', page: 2, inStock: true, vendor: undefined })).toBe(
      '?q=rtx+4060+%26+more&page=2&inStock=true',
    );
  });

  it('keeps zero and false, which are values', () => {
    expect(queryString({ min: 0, featured: false })).toBe('?min=0&featured=false');
  });
});
