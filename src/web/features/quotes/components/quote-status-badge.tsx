import { QUOTE_STATUS_LABELS, type QuoteStatus } from '~/shared/schemas/quotes';
import { Badge, type Tone } from '~/web/components/ui/badge';

const TONES: Record<QuoteStatus, Tone> = {
  requested: 'warning',
  answered: 'success',
  declined: 'danger',
  expired: 'neutral',
  ordered: 'brand',
};

/** A quote's status in words and colour (decision 77). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge tone={TONES[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}
