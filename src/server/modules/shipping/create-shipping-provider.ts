import type { Config } from '../../config/env';
import type { ShippingProvider } from './provider';
import { createShiprocketProvider } from './shiprocket/shiprocket';
import { createTestCourier, type TestCourier } from './test-courier/test-courier';

/**
 * The shipping provider SHIPPING_PROVIDER names (decision 78): the built-in test courier (then also
 * `testCourier`, its test levers), or the Shiprocket adapter with its API user's credentials and webhook token.
 */
export function createShippingProvider(
  config: Pick<
    Config,
    | 'SHIPPING_PROVIDER'
    | 'SHIPROCKET_EMAIL'
    | 'SHIPROCKET_PASSWORD'
    | 'SHIPROCKET_PICKUP_LOCATION'
    | 'SHIPROCKET_API_URL'
    | 'SHIPROCKET_WEBHOOK_TOKEN'
    | 'TEST_COURIER_WEBHOOK_SECRET'
    | 'PUBLIC_URL'
  >,
  /** The test courier's webhook secret when TEST_COURIER_WEBHOOK_SECRET is not set: derived from the auth secret. */
  derivedSecret: string,
): { provider: ShippingProvider; testCourier: TestCourier | null } {
  switch (config.SHIPPING_PROVIDER) {
    case 'test-courier': {
      const testCourier = createTestCourier({
        webhookSecret: config.TEST_COURIER_WEBHOOK_SECRET ?? derivedSecret,
        publicUrl: config.PUBLIC_URL,
      });
      return { provider: testCourier.provider, testCourier };
    }
    case 'shiprocket':
      return {
        provider: createShiprocketProvider({
          // loadConfig refuses `shiprocket` without them.
          email: config.SHIPROCKET_EMAIL!,
          password: config.SHIPROCKET_PASSWORD!,
          pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
          baseUrl: config.SHIPROCKET_API_URL,
          webhookToken: config.SHIPROCKET_WEBHOOK_TOKEN,
        }),
        testCourier: null,
      };
  }
}
