import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Role } from '../../shared/domain';
import { AppError, ValidationError, zodIssuesToDetail } from '../lib/errors';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  // Never send stack traces; 5xx messages are replaced so no internals (SQL, paths) reach a client.
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const issues =
      cause instanceof ZodError
        ? zodIssuesToDetail(cause, 'input')
        : cause instanceof ValidationError
          ? cause.issues
          : undefined;
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: internal ? 'Internal server error' : (issues?.[0]?.msg ?? shape.message),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues },
    };
  },
});

/** Service errors become tRPC errors with the code of the shared table; validation errors become BAD_REQUEST. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) throw new TRPCError({ code: cause.trpcCode, message: cause.detail, cause });
    if (cause instanceof ZodError || cause instanceof ValidationError) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause });
    }
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone. */
export const publicProcedure = t.procedure.use(mapErrors);

/** Any signed-in user: 401 without a valid token. */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await ctx.getUser();
  if (!user) throw new AppError('NOT_AUTHENTICATED');
  return next({ ctx: { user } });
});

function roleProcedure(role: Role) {
  return authedProcedure.use(({ ctx, next }) => {
    if (ctx.user.role !== role) throw new AppError('FORBIDDEN');
    return next({ ctx });
  });
}

/** Customers only. */
export const customerProcedure = roleProcedure('customer');
/** Approved, active suppliers only (the token check already refuses the others). */
export const supplierProcedure = roleProcedure('supplier').use(({ ctx, next }) => {
  if (!ctx.user.supplierId) throw new AppError('FORBIDDEN');
  return next({ ctx: { user: ctx.user, supplierId: ctx.user.supplierId } });
});
/** Admins only. */
export const adminProcedure = roleProcedure('admin');
