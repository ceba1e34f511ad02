import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelEwayBill, EwayBillState, ExtendEwayBill, GenerateEwayBill } from '~/shared/schemas/eway-bills';
import { api } from '~/web/lib/api-client';
import { refetchWithoutWaiting } from '~/web/lib/query-client';
import { vendorKeys } from './vendor-lists';

/** Under the vendor's orders, so a step on the order (shipping, cancelling lines) fetches it again too. */
const ewayBillKey = (orderId: string) => [...vendorKeys.all, 'orders', 'eway-bill', orderId] as const;

/** Whether the seller's parcel of an order needs an e-way bill, Part A as it would be, and its bills. */
export const ewayBillQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ewayBillKey(orderId),
    queryFn: ({ signal }) =>
      api<{ ewayBill: EwayBillState }>(`/api/vendor/orders/${encodeURIComponent(orderId)}/eway-bill`, { signal }).then((r) => r.ewayBill),
  });

export const useEwayBill = (orderId: string) => useQuery(ewayBillQueryOptions(orderId));

type Step =
  { step: 'generate'; body: GenerateEwayBill } | { step: 'extend'; body: ExtendEwayBill } | { step: 'cancel'; body: CancelEwayBill };

/** Generates, extends or cancels the parcel's e-way bill; the order's page and lists are fetched again (their "Needs e-way bill"). */
export function useEwayBillStep(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, body }: Step) =>
      api<{ ewayBill: EwayBillState }>(
        `/api/vendor/orders/${encodeURIComponent(orderId)}/eway-bill${step === 'generate' ? '' : `/${step}`}`,
        { method: 'POST', body },
      ).then((r) => r.ewayBill),
    onSuccess: (state) => {
      queryClient.setQueryData(ewayBillKey(orderId), state);
      void refetchWithoutWaiting(queryClient, [...vendorKeys.all, 'orders'])();
    },
  });
}
