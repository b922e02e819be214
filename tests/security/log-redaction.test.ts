import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { loggableUrl, serializeError } from '../../src/server/lib/log';
import { tokenFor, vendorPayload } from '../server/helpers/admin-fixtures';
import { makeUser } from '../server/helpers/fixtures';
import { createTestApp, type TestApp } from '../server/helpers/test-app';

/**
 * No password, password hash or token in the logs (docs/security.md, "Logs"): the app's logger, at its most
 * verbose, is captured while people register, sign in, fail to sign in, call with a bearer token, and while a
 * registration fails with a database error whose message and detail carry the new row, hash included.
 */

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream });
  // A registration that fails inside PostgreSQL, the worst case: drizzle's error repeats the statement's values and
  // the database's own detail lists the failing row.
  await t.deps.db.execute(
    sql`alter table users add constraint users_no_crash_test check (email <> 'crash@example.in')`,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('log redaction', () => {
  it('writes no password, hash or token across sign-up, sign-in, failed sign-in, bearer calls and a 500', async () => {
    const secrets: string[] = [];
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers });

    // Registration, REST and tRPC.
    const customer = {
      email: 'meera@example.in',
      password: 'Meera#Secret-2027',
      full_name: 'Meera Nair',
      phone: '9876501234',
    };
    const registered = await post('/api/auth/register', customer);
    expect(registered.statusCode).toBe(201);
    const trpcCustomer = { ...customer, email: 'arjun@example.in', password: 'Arjun#Secret-2027' };
    const trpcRegistered = await post('/api/trpc/auth.register', trpcCustomer);
    expect(trpcRegistered.statusCode).toBe(200);
    const vendor = vendorPayload({ password: 'Vendor#Secret-2027' });
    expect((await post('/api/vendor/register', vendor)).statusCode).toBe(201);
    secrets.push(customer.password, trpcCustomer.password, vendor.password as string);

    // Sign-in, REST and tRPC, and failed attempts with near-miss passwords.
    const login = await post('/api/auth/login', { email: customer.email, password: customer.password });
    expect(login.statusCode).toBe(200);
    const trpcLogin = await post('/api/trpc/auth.login', {
      email: trpcCustomer.email,
      password: trpcCustomer.password,
    });
    expect(trpcLogin.statusCode).toBe(200);
    const wrong = ['Meera#Secret-2028', 'Wrong#Password-1'];
    for (const password of wrong)
      expect((await post('/api/auth/login', { email: customer.email, password })).statusCode).toBe(401);
    expect(
      (await post('/api/trpc/auth.login', { email: 'nobody@example.in', password: 'Nobody#Secret-1' })).statusCode,
    ).toBe(401);
    secrets.push(...wrong, 'Nobody#Secret-1');

    // Calls carrying tokens: good, forged, and in a tRPC batch.
    const tokens = [
      registered.json().access_token,
      trpcRegistered.json().result.data.access_token,
      login.json().access_token,
    ] as string[];
    secrets.push(...tokens);
    for (const token of tokens) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
      ).toBe(200);
    }
    const batch = await t.app.inject({
      method: 'GET',
      url: '/api/trpc/auth.me,site.brand?batch=1&input={}',
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(batch.statusCode).toBe(200);
    const forged = `${tokens[0]!.slice(0, -6)}AAAAAA`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${forged}` } }))
        .statusCode,
    ).toBe(401);
    secrets.push(forged);

    // A 500 on both doors: the insert of the new user fails in the database.
    const crash = { ...customer, email: 'crash@example.in', password: 'Crash#Secret-2027' };
    const failed = await post('/api/auth/register', crash);
    expect(failed.statusCode).toBe(500);
    expect((await post('/api/trpc/auth.register', crash)).statusCode).toBe(500);
    secrets.push(crash.password);

    // The hashes the database holds now (including those of the failed statements' values, which were computed
    // the same way) and the signing key.
    const hashes = (await t.deps.db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash!);
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    for (const hash of hashes) secrets.push(hash, hash.split('$').at(-1)!);
    secrets.push(Buffer.from(t.config.jwt.secret).toString());

    const log = lines.join('');
    // The log is not empty: requests and both 500s are there, with what an operator needs to find the cause.
    expect(lines.length).toBeGreaterThan(30);
    expect(log).toContain('incoming request');
    expect(log).toContain('unhandled error');
    expect(log).toContain('tRPC error');
    expect(log).toContain('users_no_crash_test');
    expect(log).toContain(failed.json().request_id);
    for (const secret of secrets)
      expect(log.includes(secret), `a secret of ${secret.length} characters is in the log`).toBe(false);
    // No token shape at all: a JWT is three base64url parts starting with the encoded '{"'.
    expect(log).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(log).not.toMatch(/\$argon2/);
  });
});

describe('addresses in the log', () => {
  it("writes the calendar feed's route but not its secret, and no credential named in a query string", async () => {
    const admin = await makeUser(t.deps, { role: 'admin' });
    const auth = { authorization: `Bearer ${await tokenFor(t.deps, admin.id)}` };
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/calendar/feed', headers: auth });
    expect(made.statusCode).toBe(201);
    const path = new URL((made.json() as { url: string }).url).pathname;
    const secret = path
      .split('/')
      .at(-1)!
      .replace(/\.ics$/, '');
    const from = lines.length;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    // The same feed reached by an address the router decodes to it.
    expect((await t.app.inject({ method: 'GET', url: path.replace('/api/', '/%61pi/') })).statusCode).toBe(200);
    const query = await t.app.inject({ method: 'GET', url: '/api/site/brand?ACCESS_TOKEN=query-secret-1&lang=hi' });
    expect(query.statusCode).toBe(200);
    const written = lines.slice(from).join('');
    expect(written).toContain('/api/calendar/feed/[redacted]');
    expect(written).toContain('lang=hi');
    expect(written.includes(secret)).toBe(false);
    expect(written.includes('query-secret-1')).toBe(false);
  });

  it('keeps an address without secrets as it came', () => {
    expect(loggableUrl('/api/bookings?page=2&q=Sharma%20wedding')).toBe('/api/bookings?page=2&q=Sharma%20wedding');
    expect(loggableUrl('/api/notifications/stream?access_token=abc&last_event_id=7')).toBe(
      '/api/notifications/stream?access_token=%5Bredacted%5D&last_event_id=7',
    );
    expect(loggableUrl('/api/calendar/feed/abc.ics?x=1')).toBe('/api/calendar/feed/[redacted]');
  });
});

describe('the error serializer', () => {
  it('keeps the type, the SQL without its values, the constraint and the cause chain; drops detail and params', () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "users_x"'), {
      code: '23514',
      constraint_name: 'users_x',
      detail: 'Failing row contains (1, a@b.in, $argon2id$v=19$secret).',
    });
    const wrapped = Object.assign(
      new Error('Failed query: insert into "users" values ($1, $2)\nparams: a@b.in,$argon2id$v=19$secret'),
      {
        query: 'insert into "users" values ($1, $2)',
        params: ['a@b.in', '$argon2id$v=19$secret'],
        cause,
      },
    );
    const serialized = serializeError(wrapped);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('a@b.in');
    expect(serialized.message).toBe('Failed query: insert into "users" values ($1, $2)');
    expect(serialized.cause).toMatchObject({ code: '23514', constraint_name: 'users_x' });
    expect(serialized.stack).toMatch(/^Error: Failed query/);
  });
});
