import { z } from 'zod';
import { USER_ROLES, VENDOR_STATUSES } from '../constants';
import { paginatedSchema } from './common';
import { contactMessageSchemaOut } from './contact';

export const adminUsersQuerySchema = z.strictObject({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page starts at 1').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 per page').default(20),
  role: z.enum(USER_ROLES, { error: 'Role must be customer, vendor or admin' }).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
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

export const vendorDecisionSchema = z.strictObject({
  decision: z.enum(['approve', 'reject'], { error: 'Decision must be approve or reject' }),
});

export const adminOverviewSchema = z.object({
  usersByRole: z.object({ customer: z.number(), vendor: z.number(), admin: z.number() }),
  vendorsByStatus: z.object({ pending: z.number(), approved: z.number(), rejected: z.number(), suspended: z.number() }),
  contactMessages: z.object({ total: z.number(), last7Days: z.number() }),
  signupsByDay: z.array(z.object({ date: z.string(), count: z.number() })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const contactMessagesResponseSchema = paginatedSchema(contactMessageSchemaOut);
