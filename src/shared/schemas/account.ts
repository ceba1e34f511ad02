import { z } from 'zod';
import { USER_ROLES } from '../constants';
import { currentPasswordSchema, indianMobileSchema, newPasswordSchema, personNameSchema } from './common';

/** Days between "Delete my account" and the erasure; a sign-in within them cancels it (decision 26). */
export const ACCOUNT_DELETION_COOLING_OFF_DAYS = 7;

/** Body of PATCH /api/account: the name and the mobile (an empty mobile removes it). */
export const updateAccountSchema = z.strictObject({
  name: personNameSchema,
  // Not a union: a union's refusal names its first branch ('Invalid input: expected ""'), not the mobile's rule.
  phone: z
    .string()
    .nullable()
    .transform((v) => (v?.trim() ? v : null))
    .pipe(indianMobileSchema.nullable()),
});
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;
export type UpdateAccount = z.output<typeof updateAccountSchema>;

/** Body of POST /api/account/password: the current password, and the new one twice (registration's rules). */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Confirm your new password' }).max(128),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: 'The passwords do not match', path: ['confirmPassword'] });
    }
    if (v.newPassword === v.currentPassword) {
      ctx.addIssue({ code: 'custom', message: 'Choose a password other than your current one', path: ['newPassword'] });
    }
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Body of POST /api/account/deletion: the password, to be sure it is the owner asking. */
export const requestDeletionSchema = z.strictObject({ password: currentPasswordSchema });
export type RequestDeletionInput = z.input<typeof requestDeletionSchema>;

export const sessionIdParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });

export const accountDeletionSchema = z.object({
  requestedAt: z.string(),
  /** When the personal data will be erased, unless the owner signs in or cancels first. */
  dueAt: z.string(),
});

/** GET /api/account: the account's own details, and a scheduled deletion if there is one. */
export const accountResponseSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
  deletion: accountDeletionSchema.nullable(),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Android", from the user agent. */
  device: z.string(),
  /** Approximate place: "This network", "Local" or the address with its last part hidden ("203.0.113.x"). */
  place: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

export const sessionsEndedResponseSchema = z.object({ ended: z.number().int() });
export type SessionsEndedResponse = z.infer<typeof sessionsEndedResponseSchema>;
