import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FilterSelect } from '~/web/components/data-table/list-filters';
import { orderSellersQueryOptions } from '../api/admin-orders-queries';

/**
 * The admin lists' Seller filter (orders, products): every seller by name, or all of them. A link
 * to one seller's list shows that seller's name here once the sellers are loaded.
 */
export function SellerFilter({ value, onChange }: { value: string | undefined; onChange: (vendorId: string | undefined) => void }) {
  const sellers = useQuery(orderSellersQueryOptions());
  const ids = useMemo(() => sellers.data?.sellers.map((s) => s.id) ?? [], [sellers.data]);
  const labels = useMemo(() => Object.fromEntries((sellers.data?.sellers ?? []).map((s) => [s.id, s.name])), [sellers.data]);
  return <FilterSelect<string> label="Seller" value={value} values={ids} labels={labels} placeholder="All sellers" onChange={onChange} />;
}
