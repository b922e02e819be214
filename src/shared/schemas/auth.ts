import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth-limits';
import { ROLES } from '../domain';
import { emailSchema, nameSchema, phoneSchema, textTypeError } from './common';

export const newPasswordSchema = z
  .string({ error: textTypeError('Password') })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

/** Login payload (docs/api.md): email, password. The password is checked exactly as typed. */
export const loginInputSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: textTypeError('Password') })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
});
export type LoginInput = z.input<typeof loginInputSchema>;

/** Customer registration payload (docs/product.md#accounts): email, password, full_name, phone. */
export const registerInputSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  full_name: nameSchema('Full name'),
  phone: phoneSchema,
});
export type RegisterInput = z.input<typeof registerInputSchema>;

export const userDtoSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  city: z.string().nullable(),
  created_at: z.string(),
  /** The account opened the confirmation link sent to `email`; until then bookings made in it stay hidden. */
  email_verified: z.boolean(),
});
/** The user as every client sees it (docs/product.md#payments "User"). Never carries the hash or token version. */
export type UserDto = z.infer<typeof userDtoSchema>;

export type AuthResult = { access_token: string; token_type: 'bearer'; user: UserDto };

/** A confirmation link's token (`/verify-email#token=…`): 32 random bytes, base64url. */
export const verifyEmailInputSchema = z.object({
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200),
});
export type VerifyEmailInput = z.input<typeof verifyEmailInputSchema>;

/** "Create the owner account" (the first admin, from the setup link the server prints when it has none). */
export const ownerSetupInputSchema = z.object({
  code: z.string({ error: 'Setup code is required' }).trim().min(1, 'Setup code is required').max(200),
  full_name: nameSchema('Full name'),
  email: emailSchema,
  password: newPasswordSchema,
});
export type OwnerSetupInput = z.input<typeof ownerSetupInputSchema>;

/** "Forgot password?": the address to send a reset link to. The answer is the same whether it has an account. */
export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

/** The reset page: the link's token (`/reset-password#token=…`) and the new password. */
export const resetPasswordInputSchema = z.object({
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200),
  password: newPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

/** Account settings: a signed-in user changes the password, proving the current one. */
export const changePasswordInputSchema = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH),
  new_password: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** A 6-digit code from the authenticator app, or a recovery code (`xxxxx-xxxxx`); spaces and dashes are ignored. */
export const secondFactorCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(40, 'Code is too long');

/** The second sign-in step: the short-lived token sign-in answered and a code. */
export const secondStepInputSchema = z.object({
  second_step_token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(2000),
  code: secondFactorCodeSchema,
});

const accountPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH);

/**
 * Confirming enrolment: the account's password and a code from the app that was just set up. The password keeps a
 * taken session from putting its own authenticator on the account (docs/decisions.md, "Admin second factor and
 * step-up").
 */
export const confirmSecondFactorInputSchema = z.object({
  password: accountPasswordSchema,
  code: secondFactorCodeSchema,
});
export type ConfirmSecondFactorInput = z.input<typeof confirmSecondFactorInputSchema>;

/** Turning the second step off: the password and a code (or a recovery code). */
export const disableSecondFactorInputSchema = z.object({
  password: accountPasswordSchema,
  code: secondFactorCodeSchema,
});
export type DisableSecondFactorInput = z.input<typeof disableSecondFactorInputSchema>;

/** Sign-in of an account with a second step: no session yet, a token that only the second step accepts. */
export type SecondStepRequired = { second_step_required: true; second_step_token: string; expires_in: number };
export type LoginResult = AuthResult | SecondStepRequired;

export type SecondFactorStatus = {
  enabled: boolean;
  recovery_codes_left: number;
  available: boolean;
  /** An admin account must have it on before the admin pages open (ADMIN_SECOND_FACTOR_REQUIRED). */
  required: boolean;
};
export type SecondFactorEnrolment = { secret: string; otpauth_url: string };

/** The session of a sign-in answer; throws when the account still has its second step to take (tests, scripts). */
export function sessionOf(result: LoginResult): AuthResult {
  if ('second_step_required' in result) throw new Error('this account signs in with a second step');
  return result;
}

/**
 * Re-authentication for a high-value admin action (docs/decisions.md, "Admin second factor and step-up"): the
 * password, or a code from the authenticator app; exactly one.
 */
export const reauthenticateInputSchema = z
  .object({
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH).optional(),
    code: z.string().trim().min(1, 'Code is required').max(32).optional(),
  })
  .refine((value) => (value.password === undefined) !== (value.code === undefined), {
    message: 'Enter your password or a code from your authenticator app',
    path: ['password'],
  });
export type ReauthenticateInput = z.input<typeof reauthenticateInputSchema>;
export type StepUpResult = { step_up_token: string; expires_in: number };
