import {
  confirmSecondFactorInputSchema,
  reauthenticateInputSchema,
  disableSecondFactorInputSchema,
  secondStepInputSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  resetPasswordInputSchema,
  loginInputSchema,
  ownerSetupInputSchema,
  registerInputSchema,
  verifyEmailInputSchema,
} from '../../../shared/schemas/auth';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../../trpc/init';
import { reauthenticate } from './step-up.service';
import { limitMailingFlow, limitSignIn, PASSWORD_RESET_LIMITS } from '../../plugins/rate-limit';
import { changePassword, requestPasswordReset, resetPassword } from './password.service';
import { issueSession, login, logout, registerCustomer, toUserDto } from './auth.service';
import {
  completeSecondStep,
  confirmSecondFactor,
  disableSecondFactor,
  secondFactorStatus,
  secondStepAccount,
  startSecondFactorEnrolment,
} from './second-factor.service';
import {
  authResponseSchema,
  loginResponseSchema,
  recoveryCodesResponseSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
  stepUpResponseSchema,
  userResponseSchema,
} from '../../../shared/schemas/responses';
import { resendVerification, verifyEmail } from './email-verification.service';
import { createOwner } from './owner-setup.service';

export const authRouter = router({
  register: publicProcedure
    .input(registerInputSchema)
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimit('register');
      return registerCustomer(ctx, input);
    }),
  login: publicProcedure
    .input(loginInputSchema)
    .output(loginResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await limitSignIn(ctx.rateLimit, input.email);
      return login(ctx, input);
    }),
  loginSecondStep: publicProcedure
    .input(secondStepInputSchema)
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const step = await secondStepAccount(ctx, input.second_step_token);
      await ctx.rateLimit('second_step', step.userId);
      return completeSecondStep(ctx, step, input.code, (user) => issueSession(ctx, user));
    }),
  secondFactorStatus: authedProcedure
    .output(secondFactorStatusSchema)
    .query(({ ctx }) => secondFactorStatus(ctx, ctx.user)),
  // Signed in, not adminProcedure: an admin who must enrol reaches enrolment; the service refuses other roles.
  startSecondFactor: authedProcedure
    .output(secondFactorEnrolmentSchema)
    .mutation(({ ctx }) => startSecondFactorEnrolment(ctx, ctx.user)),
  confirmSecondFactor: authedProcedure
    .input(confirmSecondFactorInputSchema)
    .output(recoveryCodesResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimit('second_step', ctx.user.id);
      return confirmSecondFactor(ctx, ctx.user, input);
    }),
  disableSecondFactor: authedProcedure.input(disableSecondFactorInputSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimit('second_step', ctx.user.id);
    return disableSecondFactor(ctx, ctx.user, input);
  }),
  // An admin proves it is them again before a refund, an erasure or a settings change (auth/step-up.service.ts).
  reauthenticate: adminProcedure
    .input(reauthenticateInputSchema)
    .output(stepUpResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimit('second_step', ctx.user.id);
      return reauthenticate(ctx, ctx.user, input);
    }),
  me: authedProcedure
    .output(userResponseSchema)
    .query(({ ctx }) => toUserDto({ ...ctx.user, createdAt: ctx.user.createdAt })),
  verifyEmail: publicProcedure.input(verifyEmailInputSchema).mutation(({ ctx, input }) => verifyEmail(ctx, input)),
  resendVerification: authedProcedure.mutation(async ({ ctx }) => {
    await ctx.rateLimit('email_link', ctx.user.id);
    return resendVerification(ctx, ctx.user);
  }),
  createOwner: publicProcedure.input(ownerSetupInputSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimit('register');
    return createOwner(ctx, input);
  }),
  forgotPassword: publicProcedure.input(forgotPasswordInputSchema).mutation(async ({ ctx, input }) => {
    await limitMailingFlow(ctx.rateLimit, PASSWORD_RESET_LIMITS, input.email);
    return requestPasswordReset(ctx, input);
  }),
  resetPassword: publicProcedure.input(resetPasswordInputSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimit('new_password');
    return resetPassword(ctx, input);
  }),
  changePassword: authedProcedure
    .input(changePasswordInputSchema)
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimit('second_step', ctx.user.id);
      return changePassword(ctx, ctx.user, input);
    }),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx, ctx.user);
    ctx.binding.clear();
    return { ok: true as const };
  }),
});
