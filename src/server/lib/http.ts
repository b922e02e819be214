import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Role } from '../../shared/domain';
import { actingSupplierId, assertAdminMayAct, type AuthUser } from '../modules/auth/auth.service';
import { AppError, invalidCharacterIssue, ValidationError, zodIssuesToDetail } from './errors';
import { isUuid } from './search';

/**
 * Validates one part of a REST request against a shared schema; failures (and text holding a character the
 * database cannot store: NUL, a lone surrogate) are 422 with `loc` naming the part.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  location: 'body' | 'query' | 'path',
): z.output<S> {
  const unstorable = invalidCharacterIssue(value, location);
  if (unstorable) throw new ValidationError([unstorable]);
  const result = schema.safeParse(value ?? (location === 'body' ? undefined : {}));
  if (!result.success) throw new ValidationError(zodIssuesToDetail(result.error, location));
  return result.data;
}

/** The signed-in user of a REST request, or 401. */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await request.ctx.getUser();
  if (!user) throw new AppError('NOT_AUTHENTICATED');
  return user;
}

/** The signed-in user if it has one of the roles; 401 without a valid token, 403 for another role. */
export async function requireRole(request: FastifyRequest, ...roles: Role[]): Promise<AuthUser> {
  const user = await requireUser(request);
  if (!roles.includes(user.role)) throw new AppError('FORBIDDEN');
  assertAdminMayAct(user);
  return user;
}

/** The supplier row of the signed-in, approved and active supplier: 401 without a token, 403 for other roles. */
export async function requireSupplier(request: FastifyRequest): Promise<string> {
  return actingSupplierId(await requireUser(request));
}

/**
 * The `:id` (or another UUID parameter) of a REST path. One that is not a UUID names nothing: 404 with the given
 * detail, like an unknown id.
 */
export function pathId(request: FastifyRequest, notFoundDetail: string, name = 'id'): string {
  const id = (request.params as Record<string, unknown>)[name];
  if (typeof id !== 'string' || !isUuid(id)) throw new AppError('NOT_FOUND', notFoundDetail);
  return id.toLowerCase();
}

/** Sets `X-Total-Count` on a REST list answer, so a plain client can page through the bare array. */
export function withTotal<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  void reply.header('x-total-count', String(page.total));
  return page.items;
}

/** A file download (docs/api.md): the bytes with `Content-Disposition: attachment` naming the file. */
export async function sendPdf(reply: FastifyReply, { fileName, pdf }: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(pdf);
}

/** A CSV download, like {@link sendPdf}; never cached, as it holds the figures of the moment. */
export async function sendCsv(reply: FastifyReply, { fileName, csv }: { fileName: string; csv: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
