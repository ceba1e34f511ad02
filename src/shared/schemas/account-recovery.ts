import { z } from 'zod';
import { passwordsMatch } from './auth';
import { currentPasswordSchema, emailSchema, newPasswordSchema } from './common';

/** How long the links e-mailed by these flows work (decision 25). */
export const PASSWORD_RESET_LINK_MINUTES = 30;
export const EMAIL_LINK_HOURS = 24;

/** What forgot-password answers, whether or not the address has an account. */
export const RESET_LINK_SENT_MESSAGE = `If an account uses this address, we have e-mailed it a link to choose a new password. The link works once, for ${PASSWORD_RESET_LINK_MINUTES} minutes.`;

/** A token from an e-mailed link: random base64url text. */
const tokenSchema = z
  .string({ error: 'This link is incomplete. Copy the whole link from the e-mail.' })
  .trim()
  .min(16, 'This link is incomplete. Copy the whole link from the e-mail.')
  .max(200, 'This link is not one of ours.');

/** Body of POST /api/auth/forgot-password. */
export const forgotPasswordSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Body of POST /api/auth/reset-password: the token from the link and the new password (the register form's rules). */
export const resetPasswordSchema = z
  .strictObject({
    token: tokenSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: 'Confirm your password' }).max(128),
  })
  .superRefine(passwordsMatch);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /api/auth/reset-password/check: the link works, until this moment. */
export const resetLinkStatusSchema = z.object({ expiresAt: z.string() });
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>;

/** Body of POST /api/auth/verify-email, POST /api/auth/reset-password/check and POST /api/account/email/confirm. */
export const emailTokenSchema = z.strictObject({ token: tokenSchema });
export type EmailTokenInput = z.input<typeof emailTokenSchema>;

/** Body of POST /api/account/email: the new address, and the current password to prove it is the owner asking. */
export const changeEmailSchema = z.strictObject({
  newEmail: emailSchema,
  password: currentPasswordSchema,
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** What these routes answer: a sentence for the page to show. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET /api/auth/email-verification: whether the signed-in account's address is verified. */
export const emailVerificationStatusSchema = z.object({ email: z.string(), emailVerified: z.boolean() });
export type EmailVerificationStatus = z.infer<typeof emailVerificationStatusSchema>;
