import { gstCodeOfState } from './india';

/**
 * Indian tax and bank identifiers a seller gives the shop: PAN, IFSC and bank account numbers,
 * and how a GSTIN relates to them. Pure functions, used by the shared zod schemas on both sides.
 */

const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/**
 * The 4th character of a PAN says who holds it: P a person, C a company, H a Hindu undivided
 * family, F a firm or LLP, A an association of persons, T a trust, B a body of individuals,
 * L a local authority, J an artificial juridical person, G the government.
 */
const PAN_HOLDER_TYPES = 'PCHFATBLJG';

export type PanProblem = 'format' | 'holder';

/** Why a PAN is invalid, or null when it has the format AAAAA9999A and a known holder type. */
export function panProblem(pan: string): PanProblem | null {
  if (!PAN_PATTERN.test(pan)) return 'format';
  return PAN_HOLDER_TYPES.includes(pan.charAt(3)) ? null : 'holder';
}

/** Characters 3–12 of a GSTIN are the holder's PAN. */
export function panOfGstin(gstin: string): string {
  return gstin.slice(2, 12);
}

/**
 * A message when a GSTIN cannot belong to a business in `state` (its first two digits are the
 * state's GST code), otherwise null.
 */
export function gstinStateProblem(gstin: string, state: string): string | null {
  const code = gstCodeOfState(state);
  if (code === undefined || gstin.slice(0, 2) === code) return null;
  return `This GSTIN is registered in another state: a ${state} GSTIN starts with ${code}`;
}

/** Indian Financial System Code: 4 letters (the bank), 0, then 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** Indian bank account numbers are 9 to 18 digits. */
export const BANK_ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;

/**
 * A bank account number as the vendor reads it once saved: only its last 4 digits, behind a
 * fixed number of X's so the mask does not tell the length either.
 */
export function maskAccountNumber(accountNumber: string): string {
  return `XXXXXX${accountNumber.slice(-4)}`;
}
