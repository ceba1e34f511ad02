import type { Config } from '../../config/env';
import type { EwayBillProvider } from './provider';
import { createTestEwayBillService } from './test-eway-bill-service';

/**
 * The e-way bill provider the settings name (`EWAY_BILL_PROVIDER`): the built-in test service for now.
 * A real adapter (NIC's API or a GST Suvidha Provider's) is added here beside it, chosen by its name,
 * as the payments choose Razorpay when its keys are set.
 */
export function createEwayBillProvider(config: Pick<Config, 'EWAY_BILL_PROVIDER'>): EwayBillProvider {
  switch (config.EWAY_BILL_PROVIDER) {
    case 'test':
      return createTestEwayBillService();
  }
}
