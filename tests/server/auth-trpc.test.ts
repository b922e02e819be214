import { sessionOf } from '../../src/shared/schemas/auth';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../src/server/modules/auth/auth.service';
import { createContextInner } from '../../src/server/context';
import {
  adminProcedure,
  authedProcedure,
  createCallerFactory,
  customerProcedure,
  publicProcedure,
  router,
  supplierProcedure,
} from '../../src/server/trpc/init';
import { codeOf, makeUser } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('auth procedures in process (createCaller)', () => {
  it('registers, logs in and reads the user back', async () => {
    const registered = await t.caller().auth.register({
      email: 'Rohan.Kapoor@example.in',
      password: 'saffron-rice-42',
      full_name: 'Rohan Kapoor',
      phone: '+91 91234 56789',
    });
    expect(registered.user).toMatchObject({
      email: 'rohan.kapoor@example.in',
      phone: '+919123456789',
      role: 'customer',
    });

    const loggedIn = sessionOf(
      await t.caller().auth.login({ email: 'rohan.kapoor@example.in', password: 'saffron-rice-42' }),
    );
    const meUser = await t.caller({ token: loggedIn.access_token }).auth.me();
    expect(meUser).toEqual(registered.user);
  });

  it('maps service errors to tRPC codes with the same detail as REST', async () => {
    const input = {
      email: 'rohan.kapoor@example.in',
      password: 'saffron-rice-42',
      full_name: 'R',
      phone: '9123456789',
    };
    await expect(t.caller().auth.register(input)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
    });
    await expect(
      t.caller().auth.login({ email: 'rohan.kapoor@example.in', password: 'nope-nope' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Incorrect email or password',
    });
    const vendor = await makeUser(t.deps, { role: 'supplier', approval: 'pending' });
    expect(await codeOf(t.caller().auth.login({ email: vendor.email, password: vendor.password }))).toBe('FORBIDDEN');
    expect(await codeOf(t.caller().auth.me())).toBe('UNAUTHORIZED');
    expect(await codeOf(t.caller({ token: 'garbage' }).auth.me())).toBe('UNAUTHORIZED');
  });

  it('rejects invalid input with BAD_REQUEST', async () => {
    const error = await t
      .caller()
      .auth.register({ email: 'bad', password: 'saffron-rice-42', full_name: 'A', phone: '9123456789' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
  });
});

describe('auth procedures over HTTP (/api/trpc)', () => {
  it('answers the tRPC wire format with human-readable error messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/auth.login',
      payload: { email: 'nobody@example.in', password: 'whatever1' },
    });
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body.error.message).toBe('Incorrect email or password');
    expect(body.error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    expect(JSON.stringify(body)).not.toMatch(/stack|node_modules|at \w+ \(/);
  });

  it('sends the first validation message as the error message, with the issue list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/auth.register',
      payload: { email: 'ok@example.in', password: '123', full_name: 'A', phone: '9123456789' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.message).toBe('Password must be at least 6 characters long');
    expect(error.data.issues[0]).toMatchObject({ loc: ['input', 'password'] });
  });

  it('serves batched queries with the bearer token and refuses batches over 10', async () => {
    const user = await makeUser(t.deps);
    const { access_token } = sessionOf(await t.caller().auth.login({ email: user.email, password: user.password }));
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/trpc/auth.me,site.brand?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(ok.statusCode).toBe(200);
    const [meResult, brandResult] = ok.json();
    expect(meResult.result.data.email).toBe(user.email);
    expect(brandResult.result.data.name).toBe(t.config.brand.name);

    const paths = Array.from({ length: 11 }, () => 'site.brand').join(',');
    const tooMany = await t.app.inject({ method: 'GET', url: `/api/trpc/${paths}?batch=1&input=%7B%7D` });
    expect(tooMany.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMany.statusCode).toBeLessThan(500);
  });
});

describe('procedure tiers', () => {
  const tiers = router({
    open: publicProcedure.query(() => 'open'),
    authed: authedProcedure.query(() => 'authed'),
    customer: customerProcedure.query(() => 'customer'),
    supplier: supplierProcedure.query(({ ctx }) => ctx.supplierId),
    admin: adminProcedure.query(() => 'admin'),
  });
  const call = createCallerFactory(tiers);
  const asUser = (user: AuthUser | null) => call(createContextInner({ ...t.deps, user }));
  const person = (role: AuthUser['role'], supplierId: string | null = null): AuthUser => ({
    id: '00000000-0000-4000-8000-000000000001',
    email: `${role}@example.in`,
    fullName: role,
    phone: null,
    city: null,
    role,
    createdAt: new Date(),
    supplierId,
    emailVerified: true,
  });

  it.each<[string, AuthUser | null, Record<string, string>]>([
    [
      'anonymous',
      null,
      { open: 'OK', authed: 'UNAUTHORIZED', customer: 'UNAUTHORIZED', supplier: 'UNAUTHORIZED', admin: 'UNAUTHORIZED' },
    ],
    [
      'customer',
      person('customer'),
      { open: 'OK', authed: 'OK', customer: 'OK', supplier: 'FORBIDDEN', admin: 'FORBIDDEN' },
    ],
    [
      'supplier',
      person('supplier', '00000000-0000-4000-8000-0000000000aa'),
      { open: 'OK', authed: 'OK', customer: 'FORBIDDEN', supplier: 'OK', admin: 'FORBIDDEN' },
    ],
    [
      'supplier without a supplier row',
      person('supplier'),
      { open: 'OK', authed: 'OK', customer: 'FORBIDDEN', supplier: 'FORBIDDEN', admin: 'FORBIDDEN' },
    ],
    ['admin', person('admin'), { open: 'OK', authed: 'OK', customer: 'FORBIDDEN', supplier: 'FORBIDDEN', admin: 'OK' }],
  ])('%s gets exactly the tiers it should', async (_name, user, expected) => {
    const caller = asUser(user);
    const outcome = {
      open: await codeOf(caller.open()),
      authed: await codeOf(caller.authed()),
      customer: await codeOf(caller.customer()),
      supplier: await codeOf(caller.supplier()),
      admin: await codeOf(caller.admin()),
    };
    expect(outcome).toEqual(expected);
  });

  it('resolves real tokens to the right tier, including a supplier approved later', async () => {
    const supplier = await makeUser(t.deps, { role: 'supplier', approval: 'approved' });
    const { access_token } = sessionOf(
      await t.caller().auth.login({ email: supplier.email, password: supplier.password }),
    );
    const caller = call(createContextInner({ ...t.deps, token: access_token }));
    expect(await caller.supplier()).toBe(supplier.supplierId);
    expect(await codeOf(caller.admin())).toBe('FORBIDDEN');
  });
});
