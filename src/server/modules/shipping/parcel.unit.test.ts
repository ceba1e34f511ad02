import { describe, expect, it } from 'vitest';
import { parcelOf, UNKNOWN_UNIT } from './parcel';

const line = (
  name: string,
  openQuantity: number,
  given: Partial<Record<'weightGrams' | 'lengthMm' | 'widthMm' | 'heightMm', number>> | null,
) => ({
  itemId: name,
  name,
  sku: name,
  openQuantity,
  weightGrams: given?.weightGrams ?? null,
  lengthMm: given?.lengthMm ?? null,
  widthMm: given?.widthMm ?? null,
  heightMm: given?.heightMm ?? null,
});

describe('a parcel from the packed products', () => {
  it('is the box of one unit', () => {
    expect(parcelOf([line('Laptop', 1, { weightGrams: 2_400, lengthMm: 450, widthMm: 320, heightMm: 90 })])).toEqual({
      weightGrams: 2_400,
      lengthMm: 450,
      widthMm: 320,
      heightMm: 90,
      estimatedFor: [],
    });
  });

  it('stacks several units on their flattest side and adds their weights', () => {
    const parcel = parcelOf([
      line('Laptop', 2, { weightGrams: 2_400, lengthMm: 450, widthMm: 320, heightMm: 90 }),
      line('Mouse box', 1, { weightGrams: 200, lengthMm: 60, widthMm: 200, heightMm: 120 }),
    ]);
    expect(parcel).toMatchObject({ weightGrams: 5_000, lengthMm: 450, widthMm: 320, heightMm: 240 });
  });

  it('estimates a product without its packed weight or box, and names it', () => {
    const parcel = parcelOf([line('Monitor', 1, { weightGrams: 7_200 })]);
    expect(parcel).toMatchObject({ weightGrams: 7_200, lengthMm: UNKNOWN_UNIT.lengthMm, estimatedFor: ['Monitor'] });
  });
});
