import type { StockStatus } from '~/shared/schemas/catalogue';
import { Badge } from '~/web/components/ui/badge';

export function stockLabel(status: StockStatus, stock: number): string {
  if (status === 'out_of_stock') return 'Out of stock';
  if (status === 'low_stock') return `Only ${stock} left`;
  return 'In stock';
}

export function StockBadge({ status, stock, className }: { status: StockStatus; stock: number; className?: string }) {
  const tone = status === 'out_of_stock' ? 'danger' : status === 'low_stock' ? 'warning' : 'success';
  return (
    <Badge tone={tone} className={className}>
      {stockLabel(status, stock)}
    </Badge>
  );
}
