import type { FastifyPluginAsync } from 'fastify';
import { loginInputSchema, registerInputSchema } from '../../../shared/schemas/auth';
import { parseInput, requireUser } from '../../lib/http';
import { login, logout, registerCustomer, toUserDto } from './auth.service';

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

  app.post('/auth/logout', async (request, reply) => {
    const user = await requireUser(request);
    await logout(request.ctx, user.id);
    return reply.code(204).send();
  });
};
