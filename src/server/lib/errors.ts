import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { z } from 'zod';

type ErrorSpec = { status: number; trpc: TRPC_ERROR_CODE_KEY; detail: string };

/**
 * Every error the services raise, with its HTTP status, tRPC code and default message: one table, so REST and
 * tRPC answer alike (docs/api.md).
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST', detail: 'Bad request' },
  NOT_AUTHENTICATED: { status: 401, trpc: 'UNAUTHORIZED', detail: 'Not authenticated' },
  INVALID_TOKEN: { status: 401, trpc: 'UNAUTHORIZED', detail: 'Could not validate credentials' },
  INVALID_CREDENTIALS: { status: 401, trpc: 'UNAUTHORIZED', detail: 'Incorrect email or password' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN', detail: 'You do not have permission to do this' },
  ACCOUNT_INACTIVE: {
    status: 403,
    trpc: 'FORBIDDEN',
    detail: 'This account has been deactivated. Please contact us to restore access.',
  },
  VENDOR_PENDING: {
    status: 403,
    trpc: 'FORBIDDEN',
    detail: 'Your vendor account is awaiting admin approval. We will email you as soon as it is approved.',
  },
  VENDOR_REJECTED: { status: 403, trpc: 'FORBIDDEN', detail: 'Your vendor application was not approved.' },
  SECOND_FACTOR_REQUIRED: {
    status: 403,
    trpc: 'FORBIDDEN',
    detail: 'Set up two-step sign-in first: an admin account needs it before the admin pages open.',
  },
  STEP_UP_REQUIRED: {
    status: 403,
    trpc: 'FORBIDDEN',
    detail: 'Please confirm it is you: enter your password or a code from your authenticator app, then try again.',
  },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND', detail: 'Not found' },
  EMAIL_TAKEN: { status: 409, trpc: 'CONFLICT', detail: 'An account with this email already exists' },
  CONFLICT: { status: 409, trpc: 'CONFLICT', detail: 'Conflict' },
  VENDOR_NOT_PENDING: { status: 409, trpc: 'CONFLICT', detail: 'This vendor application has already been reviewed' },
  BOOKING_STATUS_NOT_ALLOWED: { status: 409, trpc: 'CONFLICT', detail: 'This booking cannot move to that status' },
  DATE_UNAVAILABLE: { status: 409, trpc: 'CONFLICT', detail: 'This date is fully booked' },
  SUPPLIER_NOT_APPROVED: {
    status: 409,
    trpc: 'CONFLICT',
    detail: 'Only approved suppliers can be activated; approve the vendor application first',
  },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE', detail: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    trpc: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'Unsupported content type; send application/json',
  },
  RATE_LIMITED: { status: 429, trpc: 'TOO_MANY_REQUESTS', detail: 'Too many requests; please try again shortly' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR', detail: 'Internal server error' },
  UNAVAILABLE: { status: 503, trpc: 'INTERNAL_SERVER_ERROR', detail: 'Service unavailable' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

/** The one error class services throw. `detail` is safe to show to the user. */
export class AppError extends Error {
  readonly status: number;
  readonly trpcCode: TRPC_ERROR_CODE_KEY;

  /**
   * Fields sent beside `detail` (REST body, tRPC `data`), e.g. `next_free_dates` of a full day
   * (docs/api.md, "Errors").
   */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    detail?: string,
    extra?: Record<string, unknown>,
  ) {
    super(detail ?? ERRORS[code].detail);
    this.name = 'AppError';
    this.status = ERRORS[code].status;
    this.trpcCode = ERRORS[code].trpc;
    this.extra = extra;
  }

  get detail(): string {
    return this.message;
  }
}

/** One entry of a 422 `detail` list, the shape clients of the spec read (`loc`, `msg`, `type`). */
export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };

export function zodIssuesToDetail(error: z.ZodError, location: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [location, ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
    msg: issue.message,
    type: issue.code,
  }));
}

/** NUL, and a UTF-16 surrogate without its pair (JSON can carry one as `\ud800`; it is not a character). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first string of a decoded input (a value or a key, at any depth) holding a character the database cannot
 * store, as a 422 issue naming where it is; null when there is none. PostgreSQL refuses U+0000 in text and a lone
 * surrogate in JSON (and would store it as U+FFFD in text), so such input is refused at the door instead of
 * failing in the database (docs/security.md, "Hostile input"). Walks without recursion, so deeply nested input
 * cannot overflow the stack.
 */
export function invalidCharacterIssue(value: unknown, location: string): ValidationIssue | null {
  type Step = { value: unknown; key: string | number | null; parent: Step | null };
  const issue = (step: Step): ValidationIssue => {
    const path: (string | number)[] = [];
    for (let at: Step | null = step; at && at.key !== null; at = at.parent) path.unshift(at.key);
    return { loc: [location, ...path], msg: 'Contains an invalid character', type: 'value_error' };
  };
  const pending: Step[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return issue(step);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, key: index, parent: step }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (UNSTORABLE.test(key)) return issue(step);
        pending.push({ value: item, key, parent: step });
      }
    }
  }
  return null;
}

/** Input that failed its schema: 422 with the list of problems. */
export class ValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues[0]?.msg ?? 'Invalid input');
    this.name = 'ValidationError';
  }
}
