import type { EwayBill } from '~/shared/schemas/eway-bills';

import { formatDate } from '~/web/lib/format';

/** "valid until 8 Dec 2026, 11:59 pm": the validity ends at midnight in India (rule 138(10)), printed as the portal prints it. */
export const validityText = (bill: Pick<EwayBill, 'validUntil' | 'expired'>) =>
  `${bill.expired ? 'expired on' : 'valid until'} ${formatDate(bill.validUntil)}, 11:59 pm`;
