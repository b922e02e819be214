import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Role } from '../../shared/domain';
import { AppError, invalidCharacterIssue, ValidationError, zodIssuesToDetail } from '../lib/errors';
import type { Context } from '../context';
import { actingSupplierId, assertAdminMayAct } from '../modules/auth/auth.service';
import { assertSteppedUp } from '../modules/auth/step-up.service';

const t = initTRPC.context<Context>().create({
  // Subscriptions over server-sent events (docs/architecture.md, "Live notifications"): a ping keeps proxies from
  // closing a quiet stream, and a client that hears nothing for longer reconnects (resuming from its last event).
  sse: {
    ping: { enabled: true, intervalMs: 15_000 },
    client: { reconnectAfterInactivityMs: 40_000 },
  },
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
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        issues,
        /** A full or closed day's next free dates (docs/api.md, "Errors"). */
        next_free_dates:
          cause instanceof AppError && Array.isArray(cause.extra?.next_free_dates)
            ? (cause.extra.next_free_dates as string[])
            : undefined,
        /** Why a 403 was answered, when the client can act on it (docs/api.md, "Errors"). */
        reason: cause instanceof AppError && typeof cause.extra?.reason === 'string' ? cause.extra.reason : undefined,
        /** The input field a 409 is about, for the form to show it there (docs/api.md, "Errors"). */
        field: cause instanceof AppError && typeof cause.extra?.field === 'string' ? cause.extra.field : undefined,
      },
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

/**
 * Text holding a character the database cannot store (NUL, a lone surrogate) is refused as invalid input, as REST
 * does. It is the last step of each tier, so a caller without the right token or role hears 401 or 403 first.
 */
const rejectUnstorable = t.middleware(async ({ getRawInput, next }) => {
  const issue = invalidCharacterIssue(await getRawInput(), 'input');
  if (issue) throw new ValidationError([issue]);
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const base = t.procedure.use(mapErrors);

/** Anyone. */
export const publicProcedure = base.use(rejectUnstorable);

const signedIn = base.use(async ({ ctx, next }) => {
  const user = await ctx.getUser();
  if (!user) throw new AppError('NOT_AUTHENTICATED');
  return next({ ctx: { user } });
});

/** Any signed-in user: 401 without a valid token. */
export const authedProcedure = signedIn.use(rejectUnstorable);

function roleProcedure(role: Role) {
  return signedIn.use(({ ctx, next }) => {
    if (ctx.user.role !== role) throw new AppError('FORBIDDEN');
    assertAdminMayAct(ctx.user);
    return next({ ctx });
  });
}

/** Customers only. */
export const customerProcedure = roleProcedure('customer').use(rejectUnstorable);
/** Approved, active suppliers only (the token check already refuses the others). */
export const supplierProcedure = signedIn
  .use(({ ctx, next }) => next({ ctx: { user: ctx.user, supplierId: actingSupplierId(ctx.user) } }))
  .use(rejectUnstorable);
/** Admins only. */
export const adminProcedure = roleProcedure('admin').use(rejectUnstorable);
/**
 * Admins only, for high-value actions (refunds, erasure, business-wide settings): with ADMIN_SECOND_FACTOR_REQUIRED
 * on, also a re-authentication of the last 5 minutes (docs/decisions.md, "Admin second factor and step-up").
 */
export const stepUpAdminProcedure = adminProcedure.use(async ({ ctx, next }) => {
  await assertSteppedUp(ctx, ctx.user);
  return next();
});
