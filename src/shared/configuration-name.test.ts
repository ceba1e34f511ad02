import { describe, expect, it } from 'vitest';
import { configurationName } from './catalogue';

describe('a line named for its configuration', () => {
  it('gives the values in the order of the product’s options, whatever order the stored options come in', () => {
    expect(configurationName('HP 15 fd0', { ram: '16 GB', processor: 'Core i5-1334U' }, ['processor', 'ram'])).toBe(
      'HP 15 fd0 (Core i5-1334U, 16 GB)',
    );
    expect(configurationName('Monitor', { colour: 'Black', size: '27 inch' }, ['size'])).toBe('Monitor (27 inch, Black)');
  });

  it('keeps the name of a product of one configuration', () => {
    expect(configurationName('Vostro 15', {}, [])).toBe('Vostro 15');
    expect(configurationName('Vostro 15', null)).toBe('Vostro 15');
  });
});
