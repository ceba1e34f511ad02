import type { QueryClient } from '@tanstack/react-query';
import type { VendorProfile } from '~/shared/schemas/vendor';
import { ownVendorQueryOptions } from '~/web/features/vendor/api/get-own-vendor';

export function vendorAccount(overrides: Partial<VendorProfile> = {}): VendorProfile {
  return {
    id: 'ven_1',
    businessName: 'Pune Tech Hub',
    mobile: '+919822045678',
    gstin: '27AAPFU0939F1ZV',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411004',
    status: 'approved',
    statusReason: null,
    createdAt: '2026-10-01T06:30:00.000Z',
    decidedAt: '2026-10-02T06:30:00.000Z',
    ...overrides,
  };
}

/** The signed-in vendor's account, known to the page without a request (pages that list or add products ask for it). */
export function knowVendorAccount(client: QueryClient, overrides: Partial<VendorProfile> = {}) {
  client.setQueryDefaults(ownVendorQueryOptions.queryKey, { staleTime: Infinity });
  client.setQueryData(ownVendorQueryOptions.queryKey, vendorAccount(overrides));
}
