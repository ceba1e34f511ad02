import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import type { PaymentProvider } from './provider';
import { createRazorpayProvider } from './razorpay/razorpay-provider';
import { hmacSha256Hex } from './signatures';
import { createTestGateway, type TestGateway } from './test-gateway/test-gateway';

/**
 * Razorpay when its keys are configured, otherwise the built-in test gateway. The test gateway's
 * secrets default to values derived from the auth secret, so none is written in the code.
 */
export function createPaymentProvider(options: { config: Config; db: Database; authSecret: string }): {
  provider: PaymentProvider;
  testGateway: TestGateway | null;
} {
  const { config, db, authSecret } = options;
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET) {
    const provider = createRazorpayProvider({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      publicUrl: config.PUBLIC_URL,
    });
    return { provider, testGateway: null };
  }
  const testGateway = createTestGateway({
    db,
    publicUrl: config.PUBLIC_URL,
    keySecret: config.TEST_GATEWAY_KEY_SECRET ?? hmacSha256Hex(authSecret, 'test-gateway:key-secret'),
    webhookSecret: config.TEST_GATEWAY_WEBHOOK_SECRET ?? hmacSha256Hex(authSecret, 'test-gateway:webhook-secret'),
  });
  return { provider: testGateway.provider, testGateway };
}
