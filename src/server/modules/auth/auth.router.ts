import {
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  resetPasswordInputSchema,
  loginInputSchema,
  ownerSetupInputSchema,
  registerInputSchema,
  verifyEmailInputSchema,
} from '../../../shared/schemas/auth';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import { limitMailingFlow, limitSignIn, PASSWORD_RESET_LIMITS } from '../../plugins/rate-limit';
import { changePassword, requestPasswordReset, resetPassword } from './password.service';
import { login, logout, registerCustomer, toUserDto } from './auth.service';
import { authResponseSchema, userResponseSchema } from '../../../shared/schemas/responses';
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
    .output(authResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await limitSignIn(ctx.rateLimit, input.email);
      return login(ctx, input);
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
    await ctx.rateLimit(PASSWORD_RESET_LIMITS.perAddress);
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
    await logout(ctx, ctx.user.id);
    return { ok: true as const };
  }),
});
