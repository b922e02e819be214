import type { FastifyPluginAsync } from 'fastify';
import { loginInputSchema, ownerSetupInputSchema, registerInputSchema, verifyEmailInputSchema } from '../../../shared/schemas/auth';
import { parseInput, requireUser } from '../../lib/http';
import { login, logout, registerCustomer, toUserDto } from './auth.service';
import { resendVerification, verifyEmail } from './email-verification.service';
import { createOwner } from './owner-setup.service';

/**
 * Spec section 7: `POST /api/auth/login`, `POST /api/auth/register`, `GET /api/auth/me`; plus logout. Sign-in and
 * registration are rate-limited (docs/security.md, "Limits").
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.post('/auth/register', async (request, reply) => {
    const input = parseInput(registerInputSchema, request.body, 'body');
    await request.ctx.rateLimit('register');
    return reply.code(201).send(await registerCustomer(request.ctx, input));
  });

  app.post('/auth/login', async (request) => {
    const input = parseInput(loginInputSchema, request.body, 'body');
    await request.ctx.rateLimit('login', input.email);
    return login(request.ctx, input);
  });

  app.get('/auth/me', async (request) => toUserDto(await requireUser(request)));

  // Address verification (docs/decisions.md, "Verified e-mail"): the link's page posts its token here, signed in or not.
  app.post('/auth/verify-email', async (request) => verifyEmail(request.ctx, parseInput(verifyEmailInputSchema, request.body, 'body')));

  app.post('/auth/verify-email/resend', async (request, reply) => {
    const user = await requireUser(request);
    await request.ctx.rateLimit('email_link', user.id);
    return reply.code(202).send(await resendVerification(request.ctx, user));
  });

  // First run: the owner account, with the one-time code the server printed (docs/decisions.md, "First run").
  app.post('/setup/owner', async (request, reply) => {
    const input = parseInput(ownerSetupInputSchema, request.body, 'body');
    await request.ctx.rateLimit('register');
    return reply.code(201).send(await createOwner(request.ctx, input));
  });

  app.post('/auth/logout', async (request, reply) => {
    const user = await requireUser(request);
    await logout(request.ctx, user.id);
    return reply.code(204).send();
  });
};
