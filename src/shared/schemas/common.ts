import { z } from 'zod';
import { isCommonPassword } from '../common-passwords';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { gstinProblem } from '../gstin';
import { INDIAN_STATE_NAMES } from '../india';

/**
 * A field's label as it reads inside a sentence ("Enter the …"): lower case, except for initialisms,
 * which stay as they are written (RAM, MRP, SKU, GPU), not "the ram of this laptop".
 */
export function inSentence(label: string): string {
  return label
    .split(' ')
    .map((word) => (/[A-Z].*[A-Z]/.test(word) && word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ');
}

export const personNameSchema = z
  .string({ error: 'Enter your name' })
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(80, 'Name must be at most 80 characters');

export const emailSchema = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .toLowerCase()
  .max(254, 'E-mail address must be at most 254 characters')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com'));

/** Length 8–128 and not one of the most common passwords. */
export const newPasswordSchema = z
  .string({ error: 'Choose a password' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((p) => !isCommonPassword(p), 'This password is too common. Choose one that is harder to guess.');

/** A password being checked, not chosen: only bounded, so old or odd passwords can still be tried. */
export const currentPasswordSchema = z
  .string({ error: 'Enter your password' })
  .min(1, 'Enter your password')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * An Indian mobile number, typed as 98220 45678, 098220-45678, 919822045678 or +91 98220 45678;
 * stored as +919822045678.
 */
export const indianMobileSchema = z
  .string({ error: 'Enter a mobile number' })
  .trim()
  .max(20, 'Enter a 10-digit mobile number')
  .transform((raw) => raw.replace(/[\s-]/g, '').replace(/^(\+91|0091|91|0)(?=\d{10}$)/, ''))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9'))
  .transform((digits) => `+91${digits}`);

export const pinCodeSchema = z
  .string({ error: 'Enter a PIN code' })
  .trim()
  .regex(/^[1-9]\d{5}$/, 'PIN code must be 6 digits and cannot start with 0');

export const citySchema = z
  .string({ error: 'Enter a city' })
  .trim()
  .min(2, 'City must be at least 2 characters')
  .max(60, 'City must be at most 60 characters');

export const indianStateSchema = z.enum(INDIAN_STATE_NAMES, {
  error: 'Choose a state or union territory from the list',
});

/** Optional GSTIN: empty means none; otherwise 15 characters with a valid check character. */
export const optionalGstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(15, 'GSTIN must be 15 characters, like 27AAPFU0939F1ZV')
  .optional()
  .transform((v) => (v ? v : undefined))
  .superRefine((v, ctx) => {
    if (v === undefined) return;
    const problem = gstinProblem(v);
    if (problem === 'format') ctx.addIssue({ code: 'custom', message: 'GSTIN must be 15 characters, like 27AAPFU0939F1ZV' });
    if (problem === 'checksum')
      ctx.addIssue({ code: 'custom', message: 'This GSTIN is not valid: its last character does not match. Please check it.' });
  });

export const idParamSchema = z.strictObject({ id: z.string().min(1).max(64) });

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** A list's sort in the URL and the API: a column (ascending) or `-column` (descending). */
export type SortValue<C extends string> = C | `-${C}`;

/**
 * The `sort` query parameter of a list, from the columns it can be sorted by; the server parses it
 * with this schema and the back office's list state with the same one.
 */
export function sortQuerySchema<const C extends string>(columns: readonly [C, ...C[]], fallback: SortValue<C>) {
  const values = columns.flatMap((c) => [c, `-${c}`]) as [SortValue<C>, ...SortValue<C>[]];
  const schema: z.ZodType<SortValue<C>> = z.enum(values, { error: `Sort by one of ${values.join(', ')}` });
  return schema.optional().transform((v) => v ?? fallback);
}

/** `-createdAt` → { column: 'createdAt', descending: true }. */
export function parseSort<C extends string>(value: SortValue<C>): { column: C; descending: boolean } {
  return value.startsWith('-') ? { column: value.slice(1) as C, descending: true } : { column: value as C, descending: false };
}

/** `page` and `pageSize` of a back-office list: spread into its strict query schema. */
export const pageQueryFields = {
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(10_000, 'Page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(100, 'At most 100 per page')
    .default(20),
};

export const paginationQuerySchema = z.strictObject(pageQueryFields);
