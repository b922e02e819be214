import {
  loginInputSchema,
  ownerSetupInputSchema,
  registerInputSchema,
  verifyEmailInputSchema,
} from '../../../shared/schemas/auth';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import { limitSignIn } from '../../plugins/rate-limit';
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
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx, ctx.user.id);
    return { ok: true as const };
  }),
});
