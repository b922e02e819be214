import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import {
  loginResponseSchema,
  recoveryCodesResponseSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
  stepUpResponseSchema,
  authResponseSchema,
  messageResponseSchema,
  noContentSchema,
  userResponseSchema,
  verifyEmailResponseSchema,
} from '../../../shared/schemas/responses';
import { parseInput, requireRole, requireUser } from '../../lib/http';
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
import { resendVerification, verifyEmail } from './email-verification.service';
import { createOwner } from './owner-setup.service';

/**
 * docs/api.md: `POST /api/auth/login`, `POST /api/auth/register`, `GET /api/auth/me`; plus logout. Sign-in and
 * registration are rate-limited (docs/security.md, "Limits").
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  app.post(
    '/auth/register',
    {
      schema: {
        summary: 'Create a customer account',
        tags,
        body: registerInputSchema,
        response: { 201: authResponseSchema },
      },
    },
    async (request, reply) => {
      const input = parseInput(registerInputSchema, request.body, 'body');
      await request.ctx.rateLimit('register');
      return reply.code(201).send(await registerCustomer(request.ctx, input));
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in (an account with two-step sign-in gets a token for the second step instead)',
        tags,
        body: loginInputSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const input = parseInput(loginInputSchema, request.body, 'body');
      await limitSignIn(request.ctx.rateLimit, input.email);
      return login(request.ctx, input);
    },
  );

  // The second sign-in step and its set-up (docs/decisions.md, "Passwords and the second factor").
  app.post(
    '/auth/login/second-step',
    {
      schema: {
        summary: 'Finish signing in with a code from the authenticator app or a recovery code',
        tags,
        body: secondStepInputSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => {
      const input = parseInput(secondStepInputSchema, request.body, 'body');
      const step = await secondStepAccount(request.ctx, input.second_step_token);
      await request.ctx.rateLimit('second_step', step.userId);
      return completeSecondStep(request.ctx, step, input.code, (user) => issueSession(request.ctx, user));
    },
  );

  app.get(
    '/auth/second-factor',
    {
      schema: {
        summary: 'Whether two-step sign-in is on, and recovery codes left (signed in)',
        tags,
        response: { 200: secondFactorStatusSchema },
      },
    },
    async (request) => secondFactorStatus(request.ctx, await requireUser(request)),
  );

  app.post(
    '/auth/second-factor/setup',
    {
      schema: {
        summary: 'Start setting up the authenticator app: a new secret, pending until confirmed (admin)',
        tags,
        response: { 200: secondFactorEnrolmentSchema },
      },
    },
    async (request) => {
      // Not requireRole: an admin who must enrol reaches enrolment; the service refuses other roles.
      const user = await requireUser(request);
      return startSecondFactorEnrolment(request.ctx, user);
    },
  );

  app.post(
    '/auth/second-factor/confirm',
    {
      schema: {
        summary: 'Turn two-step sign-in on with a code from the app; answers the recovery codes once (admin)',
        tags,
        body: confirmSecondFactorInputSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const input = parseInput(confirmSecondFactorInputSchema, request.body, 'body');
      await request.ctx.rateLimit('second_step', user.id);
      return confirmSecondFactor(request.ctx, user, input);
    },
  );

  app.post(
    '/auth/second-factor/disable',
    {
      schema: {
        summary: 'Turn two-step sign-in off with the password and a code (signed in)',
        tags,
        body: disableSecondFactorInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const input = parseInput(disableSecondFactorInputSchema, request.body, 'body');
      await request.ctx.rateLimit('second_step', user.id);
      return disableSecondFactor(request.ctx, user, input);
    },
  );

  app.post(
    '/auth/reauthenticate',
    {
      schema: {
        summary: 'Prove it is you again (password or authenticator code): a 5-minute step-up token (admin)',
        tags,
        body: reauthenticateInputSchema,
        response: { 200: stepUpResponseSchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'admin');
      const input = parseInput(reauthenticateInputSchema, request.body, 'body');
      await request.ctx.rateLimit('second_step', user.id);
      return reauthenticate(request.ctx, user, input);
    },
  );

  app.get(
    '/auth/me',
    { schema: { summary: 'The signed-in user', tags, response: { 200: userResponseSchema } } },
    async (request) => toUserDto(await requireUser(request)),
  );

  // Address verification (docs/decisions.md, "Verified e-mail"): the link's page posts its token here, signed in or
  // not.
  app.post(
    '/auth/verify-email',
    {
      schema: {
        summary: 'Confirm the e-mail address with the token of the link sent to it',
        tags,
        body: verifyEmailInputSchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request) => verifyEmail(request.ctx, parseInput(verifyEmailInputSchema, request.body, 'body')),
  );

  app.post(
    '/auth/verify-email/resend',
    {
      schema: {
        summary: 'Send the confirmation link again (signed in; limited per account)',
        tags,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await request.ctx.rateLimit('email_link', user.id);
      return reply.code(202).send(await resendVerification(request.ctx, user));
    },
  );

  // First run: the owner account, with the one-time code the server printed (docs/decisions.md, "First run").
  app.post(
    '/setup/owner',
    {
      schema: {
        summary: 'Create the owner (first admin) account with the one-time setup code',
        tags,
        body: ownerSetupInputSchema,
        response: { 201: authResponseSchema },
      },
    },
    async (request, reply) => {
      const input = parseInput(ownerSetupInputSchema, request.body, 'body');
      await request.ctx.rateLimit('register');
      return reply.code(201).send(await createOwner(request.ctx, input));
    },
  );

  // Password reset and change (docs/decisions.md, "Passwords and the second factor").
  app.post(
    '/auth/password/forgot',
    {
      schema: {
        summary: 'Send a password reset link (the same answer whether the address has an account or not)',
        tags,
        body: forgotPasswordInputSchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const input = parseInput(forgotPasswordInputSchema, request.body, 'body');
      await limitMailingFlow(request.ctx.rateLimit, PASSWORD_RESET_LIMITS, input.email);
      return reply.code(202).send(await requestPasswordReset(request.ctx, input));
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        summary: 'Choose a new password with the token of the e-mailed link; every session ends',
        tags,
        body: resetPasswordInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const input = parseInput(resetPasswordInputSchema, request.body, 'body');
      await request.ctx.rateLimit('new_password');
      return resetPassword(request.ctx, input);
    },
  );

  app.post(
    '/auth/password/change',
    {
      schema: {
        summary: 'Change the password (signed in; the current one required); other sessions end',
        tags,
        body: changePasswordInputSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const input = parseInput(changePasswordInputSchema, request.body, 'body');
      await request.ctx.rateLimit('second_step', user.id);
      return changePassword(request.ctx, user, input);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        summary: 'End the session of this token (other devices stay signed in); clears the fingerprint cookie',
        tags,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await logout(request.ctx, user);
      request.ctx.binding.clear();
      return reply.code(204).send();
    },
  );
};
