import type { Profile } from '~/shared/schemas/auth';
import type { AddressesService } from '../../modules/addresses/addresses.service';
import type { AuthService } from '../../modules/auth/auth.service';
import type { VendorsService } from '../../modules/vendors/vendors.service';

/**
 * The profile the web app keeps after sign-in, registration and two-step sign-in: the account (identity),
 * its address book and, for a vendor, the business record. Composed here, above the three modules, so
 * that identity depends on none of the modules above it (decision 65) and the vendors module, which
 * registers its accounts through identity, is not called back by it.
 */
export function createProfiles(deps: { auth: AuthService; addresses: AddressesService; vendors: VendorsService }) {
  return {
    async profile(userId: string): Promise<Profile> {
      const { createdAt, twoFactorEnabled, ...account } = await deps.auth.accountOf(userId);
      const [addresses, vendor] = await Promise.all([deps.addresses.list(userId), deps.vendors.vendorOfUser(userId)]);
      return {
        ...account,
        createdAt,
        addresses,
        vendor: vendor && { id: vendor.id, businessName: vendor.businessName, status: vendor.status },
        twoFactorEnabled,
      };
    },
  };
}

export type Profiles = ReturnType<typeof createProfiles>;
