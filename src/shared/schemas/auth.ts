import { z } from 'zod';
import { USER_ROLES, VENDOR_STATUSES } from '../constants';
import {
  currentPasswordSchema,
  emailSchema,
  newPasswordSchema,
  pageQueryFields,
  paginatedSchema,
  personNameSchema,
  sortQuerySchema,
} from './common';

const confirmPasswordSchema = z.string({ error: 'Confirm your password' }).max(128);

/** The "passwords match" rule shared by both registration forms. */
export function passwordsMatch(v: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: 'The passwords do not match', path: ['confirmPassword'] });
  }
}

export const customerRegistrationFields = {
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  confirmPassword: confirmPasswordSchema,
  /**
   * The seed's client wrote the role itself. The field is still accepted so such a client
   * keeps working, but it is ignored: the server decides the role (see docs/spec-conformance.md).
   */
  role: z.string().max(40).optional().describe('Ignored: the server decides the role'),
};

/** Body of POST /api/auth/register. Unknown fields (a forged `role`, say) are refused. */
export const registerCustomerSchema = z.strictObject(customerRegistrationFields).superRefine(passwordsMatch);
export type RegisterCustomerInput = z.input<typeof registerCustomerSchema>;

export const LOGIN_PORTALS = ['customer', 'vendor', 'admin'] as const;
export type LoginPortal = (typeof LOGIN_PORTALS)[number];

/** Body of POST /api/auth/login. `portal` is the login page used; vendor and admin pages admit only their role. */
export const loginSchema = z.strictObject({
  email: emailSchema,
  password: currentPasswordSchema,
  portal: z.enum(LOGIN_PORTALS).default('customer'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const vendorSummarySchema = z.object({
  id: z.string(),
  businessName: z.string(),
  status: z.enum(VENDOR_STATUSES),
});

export const addressSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  mobile: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  isDefault: z.boolean(),
});

/** The profile of the seed (uid, email, name, role, createdAt, addresses) plus the vendor record for vendors. */
export const profileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
  addresses: z.array(addressSchema),
  vendor: vendorSummarySchema.nullable(),
  /** Two-step sign-in is on (decision 27); an admin without it is led to its set-up. */
  twoFactorEnabled: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const sessionResponseSchema = z.object({ user: profileSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const userResponseSchema = z.object({ user: profileSchema });

// ---------- admin: accounts ----------

export const ADMIN_USER_SORTS = ['createdAt', 'name', 'email'] as const;

/**
 * An account's standing for the list's filter: `active` and `suspended` are the account's (a vendor whose
 * business is suspended counts as suspended); `pending`, `approved`, `rejected` are a vendor's application.
 */
export const ACCOUNT_STATUSES = ['active', 'suspended', 'pending', 'approved', 'rejected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * GET /api/admin/users (and its CSV export, which ignores the page): accounts of every role, narrowed by
 * role, status, or text: name, e-mail, business name or a mobile number (an address's or the vendor's).
 */
export const adminUsersQuerySchema = z.strictObject({
  ...pageQueryFields,
  role: z.enum(USER_ROLES, { error: 'Role must be customer, vendor or admin' }).optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: `Status must be one of ${ACCOUNT_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  sort: sortQuerySchema(ADMIN_USER_SORTS, '-createdAt'),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
  /** Suspended by an admin: signed out everywhere and unable to sign in. */
  suspended: z.boolean(),
  suspendedReason: z.string().nullable(),
  /** The owner followed the e-mailed link; a vendor application can be approved only then (decision 25). */
  emailVerified: z.boolean(),
  vendor: z
    .object({
      id: z.string(),
      businessName: z.string(),
      status: z.enum(VENDOR_STATUSES),
      gstin: z.string().nullable(),
      pickupCity: z.string(),
      pickupState: z.string(),
    })
    .nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = paginatedSchema(adminUserSchema);
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** The reason of suspending or reactivating an account, kept in the audit log; the admin's reason dialog checks it too. */
export const accountReasonSchema = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(5, 'Give a reason of at least 5 characters')
  .max(500, 'Reason must be at most 500 characters');

/** POST /api/admin/users/{id}/suspend: the reason is kept with the account and in the audit log. */
export const suspendAccountSchema = z.strictObject({ reason: accountReasonSchema });
export type SuspendAccountInput = z.input<typeof suspendAccountSchema>;

/** POST /api/admin/users/{id}/reactivate. */
export const reactivateAccountSchema = z.strictObject({ reason: accountReasonSchema });
export type ReactivateAccountInput = z.input<typeof reactivateAccountSchema>;

export const accountStandingResponseSchema = z.object({
  uid: z.string(),
  suspended: z.boolean(),
  suspendedReason: z.string().nullable(),
  vendorStatus: z.enum(VENDOR_STATUSES).nullable(),
  /** Sessions ended by this change. */
  sessionsEnded: z.number().int(),
});
export type AccountStandingResponse = z.infer<typeof accountStandingResponseSchema>;

export const adminUserSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", read from the user agent. */
  device: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});

export const adminUserOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  orderDate: z.string(),
  totalPaise: z.number().int(),
  paymentMethod: z.string(),
});

export const adminUserReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
  hidden: z.boolean(),
});

/** GET /api/admin/users/{id}: an account with what it holds, for the admin's user page. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema.omit({ vendor: true }),
  addresses: z.array(addressSchema),
  vendor: z
    .object({
      id: z.string(),
      businessName: z.string(),
      mobile: z.string(),
      gstin: z.string().nullable(),
      pickupCity: z.string(),
      pickupState: z.string(),
      pickupPinCode: z.string(),
      status: z.enum(VENDOR_STATUSES),
      statusReason: z.string().nullable(),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
      /** The admin's mark (decision 70): its new products go on sale without the review queue. */
      trusted: z.boolean(),
      /**
       * Orders holding the seller's items still to ship, deliver or take back. A suspended seller may
       * take no step on them (decision 20): the admin does.
       */
      openOrders: z.number().int(),
    })
    .nullable(),
  orders: z.object({ total: z.number().int(), recent: z.array(adminUserOrderSchema) }),
  reviews: z.object({ total: z.number().int(), recent: z.array(adminUserReviewSchema) }),
  sessions: z.array(adminUserSessionSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
