import { z } from 'zod';
import { userResponseSchema } from './auth';
import { currentPasswordSchema } from './common';

/** A code from an authenticator app: six digits (spaces people type are dropped). */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as printed (`ABCD-EFGH-JKMN`); case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: 'Enter a recovery code' })
  .trim()
  .min(1, 'Enter a recovery code')
  .max(40, 'That is not a recovery code')
  .refine((v) => v.replace(/[^a-z0-9]/gi, '').length === 12, 'A recovery code has 12 letters and digits, like ABCD-EFGH-JKMN');

/** Either an authenticator code or a recovery code, where both are accepted (turning it off). */
export const totpOrRecoveryCodeSchema = z
  .string({ error: 'Enter a code' })
  .trim()
  .min(1, 'Enter the 6-digit code or a recovery code')
  .max(40, 'That is not a code')
  .refine(
    (v) => /^\d{6}$/.test(v.replace(/\s/g, '')) || v.replace(/[^a-z0-9]/gi, '').length === 12,
    'Enter the 6-digit code from your authenticator app, or a recovery code',
  );

/** What the password step answers when the account has two-step sign-in on: the code comes next. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true) });
/** Response of POST /api/auth/login: the signed-in profile, or the demand for a code. */
export const loginResponseSchema = z.union([userResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Body of POST /api/auth/two-factor: the code that completes a sign-in (one of the two). */
export const twoFactorSignInSchema = z
  .strictObject({ code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .superRefine((v, ctx) => {
    if ((v.code === undefined) === (v.recoveryCode === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Enter the 6-digit code or a recovery code' });
    }
  });
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;
/** The login form's code step, one field at a time. */
export const twoFactorCodeFormSchema = z.strictObject({ code: totpCodeSchema });
export const twoFactorRecoveryFormSchema = z.strictObject({ recoveryCode: recoveryCodeSchema });

/** GET /api/auth/two-factor/status. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Admins must have it (and cannot turn it off). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Body of POST /api/auth/two-factor/setup: the password, again, before a new key is made. */
export const twoFactorSetupSchema = z.strictObject({ password: currentPasswordSchema });
export type TwoFactorSetupInput = z.input<typeof twoFactorSetupSchema>;
export const twoFactorSetupResponseSchema = z.object({
  /** `otpauth://` URI for the QR code. */
  otpauthUri: z.string(),
  /** The key in Base32 for typing into an app by hand. */
  key: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** Body of POST /api/auth/two-factor/confirm: the first code, which turns it on. */
export const twoFactorConfirmSchema = z.strictObject({ code: totpCodeSchema });
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmSchema>;
/** The ten recovery codes, shown this once. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** Body of POST /api/auth/two-factor/recovery-codes: the password, before ten new codes replace the old ones. */
export const newRecoveryCodesSchema = z.strictObject({ password: currentPasswordSchema });
export type NewRecoveryCodesInput = z.input<typeof newRecoveryCodesSchema>;

/** Body of POST /api/auth/two-factor/disable: the password and a current code. */
export const twoFactorDisableSchema = z.strictObject({ password: currentPasswordSchema, code: totpOrRecoveryCodeSchema });
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;
