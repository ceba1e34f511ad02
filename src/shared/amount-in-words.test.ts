import { describe, expect, it } from 'vitest';
import { amountInWords, numberInIndianWords } from './amount-in-words';

describe('amountInWords', () => {
  it('writes rupees and paise in the Indian system', () => {
    expect(amountInWords(1_234_56_50)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only');
  });

  it('leaves out the paise when there are none, and empty places', () => {
    expect(amountInWords(54_990_00)).toBe('Rupees Fifty-Four Thousand Nine Hundred Ninety Only');
    expect(amountInWords(1_00_000_00)).toBe('Rupees One Lakh Only');
    expect(amountInWords(1_00_00_005_00)).toBe('Rupees One Crore Five Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(1)).toBe('One Paise Only');
  });

  it('counts crores past ninety-nine', () => {
    expect(numberInIndianWords(123_45_67_890)).toBe(
      'One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety',
    );
    expect(numberInIndianWords(19)).toBe('Nineteen');
    expect(numberInIndianWords(110)).toBe('One Hundred Ten');
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => amountInWords(10.5)).toThrow(RangeError);
    expect(() => amountInWords(-1)).toThrow(RangeError);
  });
});
