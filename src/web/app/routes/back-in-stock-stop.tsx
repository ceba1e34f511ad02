import { useSearchParams } from 'react-router';
import { AuthCard } from '~/web/components/layouts/auth-card';
import { StockAlertLinkResult } from '~/web/features/stock-alerts/components/stock-alert-link-result';

/** Where the "stop alerts" link of a back-in-stock e-mail leads (`?token=`): every alert to that address stops (decision 28). */
export default function BackInStockStopPage() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Stop back-in-stock e-mails">
      <StockAlertLinkResult kind="stop" token={params.get('token')} />
    </AuthCard>
  );
}
