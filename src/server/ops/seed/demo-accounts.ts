import { SHOP } from '~/shared/constants';

/**
 * The demo accounts seeded on the first start of a fresh database (never when
 * SEED_DEMO_DATA is false, the default with DATABASE_URL). Printed at every start.
 */
export const DEMO_ACCOUNTS = {
  admin: {
    name: 'Meera Kulkarni',
    email: 'admin@sahyadricomputers.in',
    password: 'Sahyadri-Admin-2026',
    /**
     * Admins must use two-step sign-in (decision 27), so the demo admin comes enrolled with this
     * public authenticator key (Base32; type it into an authenticator app, or run `npm run demo:code`).
     * Public on purpose, like the password: never use the demo data on a shop open to the internet.
     */
    authenticatorKey: 'KNQWQ6LBMRZGSLKEMVWW6LKBMRWWS3RB',
    /** What that key encodes: the secret better-auth keeps (encrypted) for the account. */
    authenticatorSecret: 'Sahyadri-Demo-Admin!',
  },
  approvedVendor: {
    name: 'Aniket Joshi',
    email: 'aniket@punetechhub.in',
    password: 'PuneTechHub-2026',
    businessName: 'Pune Tech Hub',
    mobile: '+919822011223',
    gstin: '27AABCP1234C1Z0',
    pickupLine1: 'Office 12, Sai Corner, Bhandarkar Road',
    pickupLine2: 'Deccan Gymkhana',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411004',
  },
  pendingVendor: {
    name: 'Farah Shaikh',
    email: 'farah@vashidigital.in',
    password: 'VashiDigital-2026',
    businessName: 'Vashi Digital Systems',
    mobile: '+919867045566',
    pickupLine1: 'Shop 7, Vardhaman Chambers, Sector 17',
    pickupLine2: 'Vashi',
    pickupCity: 'Navi Mumbai',
    pickupState: 'Maharashtra',
    pickupPinCode: '400703',
  },
  /** The shop's own vendor record: the products Sahyadri Computers sells itself. */
  shopVendor: {
    name: 'Sahyadri Computers Store',
    email: 'store@sahyadricomputers.in',
    password: 'Sahyadri-Store-2026',
    businessName: 'Sahyadri Computers',
    mobile: '+919822045678',
    gstin: SHOP.gstin,
    pickupLine1: 'Sahyadri House, 14 Jangli Maharaj Road',
    pickupLine2: 'Shivajinagar',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411005',
  },
  khargharVendor: {
    name: 'Sanjay Mhatre',
    email: 'sanjay@khargharcomputers.in',
    password: 'Kharghar-Mart-2026',
    businessName: 'Kharghar Computer Mart',
    mobile: '+919869034512',
    gstin: '27BXMPM7315K1ZY',
    pickupLine1: 'Shop 3, Shree Ganesh Plaza, Sector 12',
    pickupLine2: 'Kharghar',
    pickupCity: 'Navi Mumbai',
    pickupState: 'Maharashtra',
    pickupPinCode: '410210',
  },
  customer: { name: 'Rohan Deshpande', email: 'rohan.deshpande@example.in', password: 'Rohan-Shops-2026' },
} as const;
