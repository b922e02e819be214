import { SignJWT, UnsecuredJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './helpers/test-app';
import { makeUser, setUserActive } from './helpers/fixtures';
import { createSupplier } from '../../src/server/modules/suppliers/suppliers.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });

const customer = {
  email: 'Meera.Nair@Example.in',
  password: 'saffron-rice-42',
  full_name: 'Meera Nair',
  phone: '98765 43210',
};

describe('POST /api/auth/register', () => {
  it('creates a customer, normalises e-mail and phone, and signs it in', async () => {
    const res = await register(customer);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      full_name: 'Meera Nair',
      email: 'meera.nair@example.in',
      phone: '+919876543210',
      role: 'customer',
    });
    expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);

    const check = await me(`Bearer ${body.access_token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ email: 'meera.nair@example.in', role: 'customer' });
  });

  it('stores an argon2id hash, never the password', async () => {
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'meera.nair@example.in'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row!.passwordHash).not.toContain(customer.password);
  });

  it('refuses a second account for the same e-mail in any letter case with 409', async () => {
    const res = await register({ ...customer, email: 'MEERA.NAIR@EXAMPLE.IN' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'An account with this email already exists' });
  });

  it('refuses the address of a supplier the team added (it claims its login later) with the same 409', async () => {
    const admin = await makeUser(t.deps, { role: 'admin' });
    await createSupplier(
      t.deps,
      {
        name: 'Ravi',
        business_name: 'Ravi Caterers',
        email: 'ravi.caterers@example.in',
        phone: '9876500001',
        location: 'Indore',
        services: [],
      },
      admin.id,
    );
    const res = await register({ ...customer, email: 'Ravi.Caterers@example.in' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'An account with this email already exists' });
    expect(await t.deps.db.select().from(users).where(eq(users.email, 'ravi.caterers@example.in'))).toEqual([]);
  });

  it('ignores a role smuggled into the payload', async () => {
    const res = await register({ ...customer, email: 'sneaky@example.in', role: 'admin', is_active: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('customer');
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'sneaky@example.in'));
    expect(row).toMatchObject({ role: 'customer', isActive: true });
  });

  it.each([
    [{ ...customer, email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    [
      { ...customer, email: 'x1@example.in', password: '12345' },
      'password',
      'Password must be at least 6 characters long',
    ],
    [{ ...customer, email: 'x2@example.in', phone: '12345' }, 'phone', 'Enter a valid 10-digit Indian mobile number'],
    [{ ...customer, email: 'x3@example.in', full_name: '   ' }, 'full_name', 'Full name is required'],
    [
      { email: 'x4@example.in', password: 'saffron-rice-42', phone: '9876543210' },
      'full_name',
      'Full name is required',
    ],
    [{ ...customer, email: 'x5@example.in', full_name: 42 }, 'full_name', 'Full name is required'],
  ])('answers 422 with loc/msg/type for invalid input (%#)', async (payload, field, msg) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(422);
    const { detail } = res.json();
    expect(Array.isArray(detail)).toBe(true);
    expect(detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg, type: expect.any(String) }));
  });

  it('answers 400 for malformed JSON, 415 for other content types, 413 for oversized bodies', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'Malformed JSON body' });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<user/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().detail).toMatch(/content type/i);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...customer, full_name: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large' });
  });

  it('answers 422 for a missing body, and 400 for an empty one labelled JSON where a body is needed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register' });
    expect(res.statusCode).toBe(422);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'Request body is empty; send a JSON object' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs a customer in with any letter case of the e-mail', async () => {
    const res = await login('MEERA.nair@example.in', customer.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token_type: 'bearer',
      user: { email: 'meera.nair@example.in', role: 'customer' },
    });
  });

  it('answers unknown e-mail and wrong password with the same 401', async () => {
    const wrong = await login('meera.nair@example.in', 'not-the-password');
    const unknown = await login('nobody@example.in', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Incorrect email or password' });
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
  });

  it('checks the password exactly as typed', async () => {
    expect((await login('meera.nair@example.in', customer.password.toUpperCase())).statusCode).toBe(401);
    expect((await login('meera.nair@example.in', ` ${customer.password}`)).statusCode).toBe(401);
  });

  it('signs in admins and approved suppliers with their roles', async () => {
    const admin = await makeUser(t.deps, { role: 'admin' });
    const supplier = await makeUser(t.deps, { role: 'supplier', approval: 'approved' });
    expect((await login(admin.email, admin.password)).json().user.role).toBe('admin');
    expect((await login(supplier.email, supplier.password)).json().user.role).toBe('supplier');
  });

  it('refuses a pending vendor with 403 and a clear detail', async () => {
    const vendor = await makeUser(t.deps, { role: 'supplier', approval: 'pending' });
    const res = await login(vendor.email, vendor.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/awaiting admin approval/);
  });

  it('refuses a rejected vendor with 403 naming the reason', async () => {
    const vendor = await makeUser(t.deps, {
      role: 'supplier',
      approval: 'rejected',
      rejectionReason: 'FSSAI licence missing',
    });
    const res = await login(vendor.email, vendor.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Your vendor application was not approved. Reason: FSSAI licence missing');
  });

  it('refuses a deactivated account and a deactivated supplier with 403', async () => {
    const user = await makeUser(t.deps, { isActive: false });
    expect((await login(user.email, user.password)).statusCode).toBe(403);
    const supplier = await makeUser(t.deps, { role: 'supplier', approval: 'approved', supplierActive: false });
    const res = await login(supplier.email, supplier.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/deactivated/);
  });

  it('does not reveal account state to a wrong password', async () => {
    const vendor = await makeUser(t.deps, { role: 'supplier', approval: 'pending' });
    const res = await login(vendor.email, 'wrong-password');
    expect(res.statusCode).toBe(401);
  });

  it('answers 422 for missing fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.in' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'password'] });
  });
});

describe('GET /api/auth/me and tokens', () => {
  let token: string;
  let userId: string;
  const secret = () => t.config.jwt.secret;
  const claims = () => ({ ver: 0 });

  beforeAll(async () => {
    const user = await makeUser(t.deps);
    userId = user.id;
    token = (await login(user.email, user.password)).json().access_token;
  });

  const sign = (build: (jwt: SignJWT) => SignJWT, key: Uint8Array = secret(), alg = 'HS256') =>
    build(new SignJWT(claims()).setProtectedHeader({ alg }).setSubject(userId)).sign(key);

  it('answers 401 "Not authenticated" without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('issues tokens that expire in 12 hours with issuer, audience and subject', async () => {
    const [, payload] = token.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(decoded).toMatchObject({ sub: userId, iss: t.config.jwt.issuer, aud: t.config.jwt.audience });
    expect(decoded.exp - decoded.iat).toBe(12 * 60 * 60);
  });

  it.each<[string, () => Promise<string>]>([
    [
      'a wrong signature',
      () =>
        sign(
          (j) =>
            j.setIssuer(t.config.jwt.issuer).setAudience(t.config.jwt.audience).setIssuedAt().setExpirationTime('1h'),
          new TextEncoder().encode('x'.repeat(48)),
        ),
    ],
    [
      'alg none',
      async () =>
        new UnsecuredJWT({ ver: 0 })
          .setSubject(userId)
          .setIssuer(t.config.jwt.issuer)
          .setAudience(t.config.jwt.audience)
          .setIssuedAt()
          .setExpirationTime('1h')
          .encode(),
    ],
    [
      'HS384',
      () =>
        sign(
          (j) =>
            j.setIssuer(t.config.jwt.issuer).setAudience(t.config.jwt.audience).setIssuedAt().setExpirationTime('1h'),
          secret(),
          'HS384',
        ),
    ],
    [
      'an expired token',
      () =>
        sign((j) =>
          j
            .setIssuer(t.config.jwt.issuer)
            .setAudience(t.config.jwt.audience)
            .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
            .setExpirationTime(Math.floor(Date.now() / 1000) - 60),
        ),
    ],
    [
      'a token without exp',
      () => sign((j) => j.setIssuer(t.config.jwt.issuer).setAudience(t.config.jwt.audience).setIssuedAt()),
    ],
    [
      'a wrong issuer',
      () =>
        sign((j) =>
          j.setIssuer('someone-else').setAudience(t.config.jwt.audience).setIssuedAt().setExpirationTime('1h'),
        ),
    ],
    [
      'a wrong audience',
      () =>
        sign((j) => j.setIssuer(t.config.jwt.issuer).setAudience('other-app').setIssuedAt().setExpirationTime('1h')),
    ],
    [
      'a future nbf',
      () =>
        sign((j) =>
          j
            .setIssuer(t.config.jwt.issuer)
            .setAudience(t.config.jwt.audience)
            .setIssuedAt()
            .setNotBefore('1h')
            .setExpirationTime('2h'),
        ),
    ],
    [
      'an edited payload',
      async () => {
        const [h, p, s] = token.split('.');
        const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
        payload.role = 'admin';
        payload.sub = '00000000-0000-4000-8000-000000000000';
        return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
      },
    ],
    ['garbled base64', async () => `${token.slice(0, 20)}!!!${token.slice(23)}`],
    ['an oversized token', async () => `${token}${'a'.repeat(9000)}`],
  ])('answers 401 for %s', async (_name, make) => {
    const res = await me(`Bearer ${await make()}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Could not validate credentials' });
  });

  it('answers 401 for a non-Bearer authorization header', async () => {
    expect((await me(`Basic ${Buffer.from('a:b').toString('base64')}`)).statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const user = await makeUser(t.deps);
    const own = (await login(user.email, user.password)).json().access_token as string;
    expect((await me(`Bearer ${own}`)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(`Bearer ${own}`)).statusCode).toBe(401);
    // A new sign-in works again.
    const again = (await login(user.email, user.password)).json().access_token as string;
    expect((await me(`Bearer ${again}`)).statusCode).toBe(200);
  });

  it('refuses the token of a user deactivated or deleted after sign-in', async () => {
    const user = await makeUser(t.deps);
    const own = (await login(user.email, user.password)).json().access_token as string;
    await setUserActive(t.deps, user.id, false);
    expect((await me(`Bearer ${own}`)).statusCode).toBe(401);

    const other = await makeUser(t.deps);
    const otherToken = (await login(other.email, other.password)).json().access_token as string;
    await t.deps.db.delete(users).where(eq(users.id, other.id));
    expect((await me(`Bearer ${otherToken}`)).statusCode).toBe(401);
  });
});
