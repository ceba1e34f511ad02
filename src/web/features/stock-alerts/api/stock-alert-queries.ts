import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ProductStockAlertResponse,
  StockAlert,
  StockAlertItem,
  StockAlertLinkResponse,
  StockAlertListResponse,
  StockAlertRequest,
  StockAlertRequestResponse,
} from '~/shared/schemas/stock-alerts';
import { api } from '~/web/lib/api-client';

const BASE = '/api/stock-alerts';

export const stockAlertKeys = {
  all: ['stock-alerts'] as const,
  list: () => [...stockAlertKeys.all, 'list'] as const,
  product: (productId: string) => [...stockAlertKeys.all, 'product', productId] as const,
};

/** The signed-in person's waiting alert for a product, or null (the product page's "We'll e-mail you at …"). */
export const productStockAlertQueryOptions = (productId: string, enabled: boolean) =>
  queryOptions({
    queryKey: stockAlertKeys.product(productId),
    queryFn: ({ signal }) =>
      api<ProductStockAlertResponse>(`${BASE}/product/${encodeURIComponent(productId)}`, { signal }).then((r) => r.alert),
    enabled,
  });

/** The account's alerts that wait or were e-mailed, newest first (the account's alerts page). */
export const stockAlertsQueryOptions = () =>
  queryOptions({
    queryKey: stockAlertKeys.list(),
    queryFn: ({ signal }) => api<StockAlertListResponse>(BASE, { signal }).then((r) => r.items),
  });

/**
 * Asks to be e-mailed once when a sold-out product is back: signed in, the alert is on at once (the
 * product page shows it without asking again); a visitor gives `email` and is sent a confirmation link.
 */
export function useRequestStockAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StockAlertRequest) => api<StockAlertRequestResponse>(BASE, { method: 'POST', body: input }),
    onSuccess: async (answer, { productId }) => {
      if (answer.status !== 'waiting') return;
      queryClient.setQueryData<StockAlert | null>(stockAlertKeys.product(productId), answer.alert);
      await queryClient.invalidateQueries({ queryKey: stockAlertKeys.list() });
    },
  });
}

/** Stops one of the account's alerts; the product page and the list forget it at once. */
export function useStopStockAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alert: Pick<StockAlert, 'id' | 'productId'>) => api<void>(`${BASE}/${encodeURIComponent(alert.id)}`, { method: 'DELETE' }),
    onSuccess: async (_none, alert) => {
      queryClient.setQueryData<StockAlert | null>(stockAlertKeys.product(alert.productId), null);
      queryClient.setQueryData<StockAlertItem[]>(stockAlertKeys.list(), (items) => items?.filter((item) => item.id !== alert.id));
      await queryClient.invalidateQueries({ queryKey: stockAlertKeys.list() });
    },
  });
}

export type StockAlertLinkKind = 'confirm' | 'stop';

/** Follows an alert e-mail's link: `confirm` turns a visitor's alert on, `stop` stops every alert to the address. */
export function useFollowStockAlertLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, token }: { kind: StockAlertLinkKind; token: string }) =>
      api<StockAlertLinkResponse>(`${BASE}/${kind}`, { method: 'POST', body: { token } }),
    // A signed-in person's product pages and list may have changed with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockAlertKeys.all }),
  });
}
