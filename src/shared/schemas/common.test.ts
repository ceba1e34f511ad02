import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { emailSchema, inSentence, indianMobileSchema, newPasswordSchema, pinCodeSchema } from './common';

function problem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('Indian mobile numbers', () => {
  it.each([
    '9822045678',
    '98220 45678',
    '98220-45678',
    '098220-45678',
    '+91 98220-45678',
    '+919822045678',
    '0091 98220 45678',
    '919822045678',
    ' 98220 45678 ',
  ])('stores %j as +919822045678', (typed) => {
    expect(indianMobileSchema.parse(typed)).toBe('+919822045678');
  });

  it('accepts numbers starting with 6, 7, 8 and 9', () => {
    for (const first of ['6', '7', '8', '9']) expect(indianMobileSchema.parse(`${first}123456789`)).toBe(`+91${first}123456789`);
  });

  it.each([
    ['12345 67890', 'starts with 1'],
    ['58220 45678', 'starts with 5'],
    ['98220 4567', 'nine digits'],
    ['98220 456789', 'eleven digits'],
    ['+92 98220 45678', 'another country'],
    ['98220.45678', 'dots'],
    ['phone number', 'letters'],
    ['', 'empty'],
    ['9'.repeat(25), 'too long'],
  ])('refuses %j (%s)', (typed) => {
    expect(problem(indianMobileSchema, typed)).toMatch(/10-digit/);
  });
});

describe('PIN codes', () => {
  it('accepts six digits not starting with 0, trimmed', () => {
    expect(pinCodeSchema.parse('411005')).toBe('411005');
    expect(pinCodeSchema.parse(' 400703 ')).toBe('400703');
  });

  it.each(['012345', '41100', '4110055', '41100A', '411 005', ''])('refuses %j', (pin) => {
    expect(problem(pinCodeSchema, pin)).toBe('PIN code must be 6 digits and cannot start with 0');
  });
});

describe('e-mail addresses', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Asha.Patil@Example.IN ')).toBe('asha.patil@example.in');
  });

  it('refuses what is not an address, with an example of one', () => {
    for (const bad of ['asha', 'asha@', '@example.in', 'asha patil@example.in']) {
      expect(problem(emailSchema, bad), bad).toMatch(/valid e-mail address/);
    }
    expect(problem(emailSchema, `${'a'.repeat(250)}@example.in`)).toMatch(/at most 254/);
    expect(problem(emailSchema, undefined)).toBe('Enter your e-mail address');
  });
});

describe('new passwords', () => {
  it('accepts 8 to 128 characters', () => {
    expect(newPasswordSchema.safeParse('Kothrud-Laptop-42').success).toBe(true);
    expect(newPasswordSchema.safeParse('Vashi#81').success).toBe(true);
    expect(newPasswordSchema.safeParse('k'.repeat(127) + '1').success).toBe(true);
  });

  it('refuses 7 and 129 characters', () => {
    expect(problem(newPasswordSchema, 'Vashi#8')).toBe('Password must be at least 8 characters');
    expect(problem(newPasswordSchema, 'k'.repeat(129))).toBe('Password must be at most 128 characters');
  });

  it('refuses common passwords whatever their case', () => {
    for (const common of ['password123', 'PASSWORD123', 'Password@123', 'india@123', 'qwertyuiop']) {
      expect(problem(newPasswordSchema, common), common).toMatch(/too common/);
    }
  });
});

describe('inSentence', () => {
  it('writes a label in lower case inside a message, but keeps initialisms as they are', () => {
    expect(inSentence('Screen size')).toBe('screen size');
    expect(inSentence('RAM')).toBe('RAM');
    expect(inSentence('MRP')).toBe('MRP');
    expect(inSentence('Standard delivery charge')).toBe('standard delivery charge');
    expect(inSentence('GPU memory')).toBe('GPU memory');
    expect(inSentence('A')).toBe('a');
  });
});
