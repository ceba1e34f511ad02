import { EMI_TENURES } from '~/shared/emi';
import { z } from 'zod';

/**
 * What the test gateway's hosted page accepts and how each test instrument ends, like Razorpay's
 * test mode: fixed card numbers, UPI ids and bank buttons decide success or failure.
 */

export const TEST_CARDS = [
  { number: '4111 1111 1111 1111', outcome: 'Success' },
  { number: '4000 0000 0000 0002', outcome: 'Declined by the bank' },
  { number: '4000 0000 0000 9995', outcome: 'Insufficient funds' },
] as const;

export const TEST_BANKS = [
  { code: 'SBIN', name: 'State Bank of India' },
  { code: 'HDFC', name: 'HDFC Bank' },
  { code: 'ICIC', name: 'ICICI Bank' },
  { code: 'UTIB', name: 'Axis Bank' },
  { code: 'KKBK', name: 'Kotak Mahindra Bank' },
] as const;

/** The gateway offers every tenure the shop offers at checkout. */
export { EMI_TENURES };

export const DECLINED = { code: 'BAD_REQUEST_ERROR', description: 'Your payment was declined by the bank.', reason: 'payment_declined' };
export const INSUFFICIENT_FUNDS = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Your payment could not be completed due to insufficient account balance. Try another card or payment method.',
  reason: 'insufficient_funds',
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const cardNumber = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^\d{12,19}$/.test(v) && luhn(v), 'Enter a valid card number.');

const expiry = z
  .string()
  .regex(/^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/, 'Enter the expiry as MM/YY.')
  .refine((v) => {
    const [mm, yy] = v.split('/').map((s) => Number(s.trim()));
    const now = new Date();
    const endOfMonth = new Date(Date.UTC(2000 + yy!, mm!, 1));
    return endOfMonth > now;
  }, 'This card has expired.');

const cardFields = {
  card_number: cardNumber,
  card_expiry: expiry,
  card_cvv: z.string().regex(/^\d{3,4}$/, 'The CVV is 3 or 4 digits.'),
  card_name: z.string().trim().max(100).optional(),
};

const returnUrl = z.string().min(1).max(2000);

export const payFormSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('card'), return_url: returnUrl, ...cardFields }),
  z.object({
    method: z.literal('emi'),
    return_url: returnUrl,
    ...cardFields,
    emi_tenure: z.coerce.number().refine((n) => (EMI_TENURES as readonly number[]).includes(n), `Choose ${EMI_TENURES.join(', ')} months.`),
  }),
  z.object({
    method: z.literal('upi'),
    return_url: returnUrl,
    vpa: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[\w.-]{2,256}@[a-z]{2,64}$/, 'Enter a UPI id like name@bank.'),
  }),
  z.object({
    method: z.literal('netbanking'),
    return_url: returnUrl,
    choice: z.string().regex(new RegExp(`^(${TEST_BANKS.map((b) => b.code).join('|')}):(success|failure)$`), 'Choose a bank.'),
  }),
]);

export type PayForm = z.output<typeof payFormSchema>;

export type PayDecision =
  | { ok: true; method: PayForm['method']; details: Record<string, string | number> }
  | { ok: false; method: PayForm['method']; details: Record<string, string | number>; error: typeof DECLINED }
  | { formError: string };

/** Success or failure of a test payment; `formError` when the instrument is not one of the test ones. */
export function decidePayment(form: PayForm): PayDecision {
  switch (form.method) {
    case 'card':
    case 'emi': {
      const details: Record<string, string | number> = { last4: form.card_number.slice(-4), network: 'Visa' };
      if (form.method === 'emi') details.emiTenureMonths = form.emi_tenure;
      if (form.card_number === '4111111111111111') return { ok: true, method: form.method, details };
      if (form.card_number === '4000000000000002') return { ok: false, method: form.method, details, error: DECLINED };
      if (form.card_number === '4000000000009995') return { ok: false, method: form.method, details, error: INSUFFICIENT_FUNDS };
      return { formError: 'In test mode use one of the test cards listed on this page.' };
    }
    case 'upi': {
      const details = { vpa: form.vpa };
      if (form.vpa === 'success@razorpay') return { ok: true, method: 'upi', details };
      if (form.vpa === 'failure@razorpay') return { ok: false, method: 'upi', details, error: { ...DECLINED, reason: 'payment_failed' } };
      return { formError: 'In test mode use success@razorpay or failure@razorpay.' };
    }
    case 'netbanking': {
      const [bank, outcome] = form.choice.split(':') as [string, string];
      const details = { bank };
      if (outcome === 'success') return { ok: true, method: 'netbanking', details };
      return { ok: false, method: 'netbanking', details, error: { ...DECLINED, reason: 'payment_failed' } };
    }
  }
}
