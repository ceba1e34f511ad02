import type { QueryClient } from '@tanstack/react-query';
import type { VendorProfile, VendorProfileDetails } from '~/shared/schemas/vendor';
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

/** The signed-in vendor's profile as `GET /api/vendor/profile` gives it: approved, with a bank account and a pickup street. */
export function vendorProfileDetails(overrides: Partial<VendorProfileDetails> = {}): VendorProfileDetails {
  return {
    id: 'ven_1',
    status: 'approved',
    statusReason: null,
    editable: true,
    lockedReason: null,
    businessName: 'Kharghar Computers',
    contactName: null,
    contactEmail: null,
    mobile: '+919822045678',
    gstin: '27AAPFU0939F1ZV',
    pan: 'AAPFU0939F',
    bankAccount: { holderName: 'Kharghar Computers', maskedNumber: 'XXXXXX4321', ifsc: 'HDFC0001234' },
    pickupLine1: 'Shop 4, Sector 12',
    pickupLine2: null,
    pickupCity: 'Navi Mumbai',
    pickupState: 'Maharashtra',
    pickupPinCode: '410210',
    legalName: null,
    carePhone: null,
    careEmail: null,
    accountName: 'Rohan Deshmukh',
    accountEmail: 'rohan@kharghar.in',
    ...overrides,
  };
}
