import { bankReferenceSchema } from '~/shared/schemas/bank-account';

/**
 * What is wrong with the reference (UTR) of a cash-on-delivery refund's bank transfer, checked as the
 * server checks it: missing, or what is wrong with the one entered. Undefined when it will do.
 */
export function bankReferenceProblem(value: string): string | undefined {
  if (!value.trim()) return 'Enter the bank transfer reference (UTR)';
  const parsed = bankReferenceSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
