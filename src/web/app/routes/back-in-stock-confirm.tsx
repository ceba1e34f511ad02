import { useSearchParams } from 'react-router';
import { AuthCard } from '~/web/components/layouts/auth-card';
import { StockAlertLinkResult } from '~/web/features/stock-alerts/components/stock-alert-link-result';

/** Where a visitor's back-in-stock confirmation e-mail links (`?token=`): the alert is on from now (decision 28). */
export default function BackInStockConfirmPage() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Confirm your back-in-stock alert">
      <StockAlertLinkResult kind="confirm" token={params.get('token')} />
    </AuthCard>
  );
}
