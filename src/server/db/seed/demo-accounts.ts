/**
 * The demo accounts seeded on the first start of a fresh database (never when
 * SEED_DEMO_DATA is false, the default with DATABASE_URL). Printed at every start.
 */
export const DEMO_ACCOUNTS = {
  admin: { name: 'Meera Kulkarni', email: 'admin@sahyadricomputers.in', password: 'Sahyadri-Admin-2026' },
  approvedVendor: {
    name: 'Aniket Joshi',
    email: 'aniket@punetechhub.in',
    password: 'PuneTechHub-2026',
    businessName: 'Pune Tech Hub',
    mobile: '+919822011223',
    gstin: '27AABCP1234C1Z0',
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
    pickupCity: 'Navi Mumbai',
    pickupState: 'Maharashtra',
    pickupPinCode: '400703',
  },
  customer: { name: 'Rohan Deshpande', email: 'rohan.deshpande@example.in', password: 'Rohan-Shops-2026' },
} as const;
