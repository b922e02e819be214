import type { FastifyPluginAsync } from 'fastify';
import { loginInputSchema, registerInputSchema } from '../../../shared/schemas/auth';
import { parseInput, requireUser } from '../../lib/http';
import { login, logout, registerCustomer, toUserDto } from './auth.service';

/** Spec section 7: `POST /api/auth/login`, `POST /api/auth/register`, `GET /api/auth/me`; plus logout. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.post('/auth/register', async (request, reply) => {
    const result = await registerCustomer(request.ctx, parseInput(registerInputSchema, request.body, 'body'));
    return reply.code(201).send(result);
  });

  app.post('/auth/login', async (request) => login(request.ctx, parseInput(loginInputSchema, request.body, 'body')));

  app.get('/auth/me', async (request) => toUserDto(await requireUser(request)));

  app.post('/auth/logout', async (request, reply) => {
    const user = await requireUser(request);
    await logout(request.ctx, user.id);
    return reply.code(204).send();
  });
};
