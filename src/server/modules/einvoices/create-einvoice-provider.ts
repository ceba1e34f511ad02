import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import type { EInvoiceProvider } from './provider';
import { createTestIrp, type TestIrp } from './test-irp/test-irp';

/**
 * The e-invoice provider EINVOICE_PROVIDER names (decision 76). Only the built-in test IRP today; a
 * real IRP's or GSP's adapter implements `EInvoiceProvider` and is chosen here by its name, with its
 * credentials from the configuration.
 */
export function createEInvoiceProvider(options: { config: Pick<Config, 'EINVOICE_PROVIDER'>; db: Database; now?: () => Date }): {
  provider: EInvoiceProvider;
  testIrp: TestIrp | null;
} {
  switch (options.config.EINVOICE_PROVIDER) {
    case 'test-irp': {
      const testIrp = createTestIrp({ db: options.db, now: options.now });
      return { provider: testIrp.provider, testIrp };
    }
  }
}
