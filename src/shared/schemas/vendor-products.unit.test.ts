import { describe, expect, it } from 'vitest';
import { productInputSchema, productPatchSchema } from './vendor-products';

const laptop = {
  category: 'Laptop',
  brand: 'HP',
  name: 'HP 15 Core i5 16 GB 512 GB',
  description: 'A 15.6-inch laptop for home and office with a full-size keyboard and a Full HD screen.',
  price: '54,990.50',
  mrp: '₹ 64,990',
  hsnCode: '84713010',
  gstRatePercent: '18',
  stock: '1,200',
  warranty: '1 year',
  warrantyMonths: '12',
  weightKg: '2.3',
  lengthCm: '45.5',
  widthCm: '32',
  heightCm: '8.1',
  status: 'active',
  processor: 'Intel Core i5-1335U',
  processorFamily: 'Intel Core i5',
  ramGb: '16',
  storageGb: '512',
  storageType: 'SSD',
  graphics: 'Intel Iris Xe',
  operatingSystem: 'Windows 11 Home',
  screenSizeIn: '15.6',
  resolution: '1920×1080',
  resolutionName: 'Full HD',
};

describe('the product form schema', () => {
  it('turns what a person types (Indian commas, ₹, kg and cm with decimals) into paise, grams and millimetres', () => {
    const p = productInputSchema.parse(laptop);
    expect(p).toMatchObject({
      pricePaise: 54_990_50,
      mrpPaise: 64_990_00,
      gstRateBp: 1800,
      stock: 1200,
      weightGrams: 2300,
      lengthMm: 455,
      heightMm: 81,
      screenSizeIn: 15.6,
      resolution: '1920 x 1080',
      panelType: null,
      ports: [],
    });
  });

  it('takes the GST slabs in force since 22 September 2025, and says why a removed one (12%, 28%) is refused', () => {
    for (const rate of ['0', '5', '18', '40'])
      expect(productInputSchema.safeParse({ ...laptop, gstRatePercent: rate }).success, rate).toBe(true);
    const removed = productInputSchema.safeParse({ ...laptop, gstRatePercent: '28' });
    expect(removed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['gstRatePercent', '28% is no longer a GST rate (since 22 Sept 2025): choose 0, 5, 18 or 40%'],
    ]);
    expect(productInputSchema.safeParse({ ...laptop, gstRatePercent: '7' }).error?.issues[0]?.message).toBe(
      'GST rate must be 0, 5, 18 or 40%',
    );
  });

  it('refuses more decimals than a field has, and names every problem at once', () => {
    const result = productInputSchema.safeParse({ ...laptop, weightKg: '2.345', price: '70,000', graphics: '', ramGb: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      weightKg: 'Packed weight may have at most 2 decimal places',
      price: 'Price must not be above the MRP',
      graphics: 'Enter the graphics of this laptop',
      ramGb: 'Enter the RAM of this laptop',
    });
  });

  it('takes an inline change of price or stock, and nothing else', () => {
    expect(productPatchSchema.parse({ price: '45,500' })).toEqual({ price: 45_500_00 });
    expect(productPatchSchema.safeParse({}).success).toBe(false);
    expect(productPatchSchema.safeParse({ stock: -1 }).success).toBe(false);
    expect(productPatchSchema.safeParse({ vendorId: 'ven_x', stock: 1 }).success).toBe(false);
  });
});
