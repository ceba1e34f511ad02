import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCEPTED_PAYMENT_METHODS } from '~/shared/constants';
import { formatRupees } from '~/shared/money';
import type { PaymentMethod } from '~/shared/orders';
import type { PublicSettings } from '~/shared/schemas/settings';
import { api } from './api-client';

export const settingsKeys = {
  public: ['settings', 'public'] as const,
  admin: ['admin', 'settings'] as const,
};

/** What the storefront shows of the shop's settings (delivery charges, COD limit, return window). */
export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.public,
    queryFn: ({ signal }) => api<PublicSettings>('/api/settings', { signal }),
    staleTime: 60_000,
  });

/** The return window in force (days); the default of a new shop until the settings arrive. */
export function useReturnWindowDays(): number {
  return useQuery(publicSettingsQueryOptions()).data?.returnWindowDays ?? 7;
}

/** The methods in a sentence, in lower case (UPI and EMI stay capitals). */
const IN_A_SENTENCE: Record<PaymentMethod, string> = {
  card: 'credit/debit cards',
  netbanking: 'net banking',
  upi: 'UPI',
  emi: 'easy EMI',
  cod: 'cash on delivery',
};

/**
 * The ways the shop takes payment, as a list and as a sentence: cash on delivery with its limit from
 * the settings (read with the page on the server), left out while the shop has turned it off (a limit of 0).
 */
export function useAcceptedPaymentMethods(): { methods: { method: PaymentMethod; name: string }[]; sentence: string } {
  const codLimitPaise = useQuery(publicSettingsQueryOptions()).data?.codLimitPaise;
  const methods = (Object.keys(ACCEPTED_PAYMENT_METHODS) as PaymentMethod[]).filter((m) => m !== 'cod' || codLimitPaise !== 0);
  const words = methods.map((m) =>
    m === 'cod' && codLimitPaise
      ? `${IN_A_SENTENCE.cod} on orders up to ${formatRupees(Math.floor(codLimitPaise / 100))}`
      : IN_A_SENTENCE[m],
  );
  return {
    methods: methods.map((method) => ({ method, name: ACCEPTED_PAYMENT_METHODS[method] })),
    sentence: `We accept payment by ${words.slice(0, -1).join(', ')} and ${words.at(-1)}.`,
  };
}
