import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem } from './gstin';

describe('GSTIN check', () => {
  it('accepts real GSTINs from Maharashtra and Karnataka', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z4')).toBeNull();
  });

  it('computes the check character the GST Network publishes', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });

  it('reports a wrong last character as a checksum problem', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('checksum');
    expect(gstinProblem('29AAGCB7383J1Z5')).toBe('checksum');
  });

  it('catches a single mistyped character anywhere in the first 14', () => {
    const valid = '27AAPFU0939F1ZV';
    // Swap one digit of the PAN number: the format still holds, the check character no longer does.
    expect(gstinProblem(`${valid.slice(0, 7)}1${valid.slice(8)}`)).toBe('checksum');
  });

  it('reports anything that is not 15 characters of the GSTIN shape as a format problem', () => {
    for (const bad of [
      '',
      '27AAPFU0939F1Z', // 14 characters
      '27AAPFU0939F1ZVX', // 16 characters
      '27aapfu0939f1zv', // lower case is normalised by the form schema, not here
      '27AAPFU0939F1YV', // the 14th character must be Z
      '27AAPFU0939F0ZV', // entity number 0 does not exist
      'AAAAPFU0939F1ZV', // state code must be digits
      '27AAPF10939F1ZV', // PAN starts with five letters
    ]) {
      expect(gstinProblem(bad), bad).toBe('format');
    }
  });
});
