import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, bookings, users } from '../../src/server/db/schema';
import { bearer, tokenFor, vendorPayload } from './helpers/admin-fixtures';
import { makeUser, outboxMails } from './helpers/fixtures';
import { makeBooking } from './helpers/projects';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMITS: 'true',
    RATE_LIMIT_REGISTER_PER_HOUR: '1000',
    RATE_LIMIT_EMAIL_LINK_PER_HOUR: '3',
  });
  adminToken = await tokenFor(t.deps, (await makeUser(t.deps, { role: 'admin' })).id);
});
afterAll(async () => {
  await t?.close();
});

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const post = (url: string, payload?: object, token?: string): Promise<Res> =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload !== undefined && { payload }) });
const get = (url: string, token: string): Promise<Res> => t.app.inject({ method: 'GET', url, headers: bearer(token) });

let n = 0;
async function register(email = `victim${++n}.${Date.now()}@example.in`) {
  const res = await post('/api/auth/register', {
    email,
    password: 'mango-lassi-77',
    full_name: 'Mallory Intruder',
    phone: '+919812300011',
  });
  expect(res.statusCode).toBe(201);
  return { email, token: res.json().access_token as string, id: res.json().user.id as string, user: res.json().user };
}

/** The token of the newest confirmation e-mail to an address, as the person would read it from the link. */
async function linkTokenFor(email: string): Promise<string> {
  const mail = (await outboxMails(t.deps, { to: email, template: 'verify_email' })).at(-1);
  expect(mail, `no confirmation e-mail to ${email}`).toBeDefined();
  const match = /\/verify-email#token=([A-Za-z0-9_-]{43})/.exec(mail!.textBody);
  expect(match).not.toBeNull();
  expect(mail!.htmlBody).toContain(match![1]);
  return match![1]!;
}

const visitorBooking = (email: string) =>
  makeBooking(t.deps, {
    clientEmail: email.toUpperCase(),
    venueAddress: '14 Race Course Road, Indore',
    status: 'inquiry',
    source: 'inquiry',
  });

describe('a booking made in an e-mail by a visitor', () => {
  it('stays invisible and untouchable to an account that registered that e-mail and did not confirm it, and no read links it', async () => {
    const victimEmail = `meera${Date.now()}@example.in`;
    const booking = await visitorBooking(victimEmail);
    const mallory = await register(victimEmail);
    expect(mallory.user.email_verified).toBe(false);

    const list = await get('/api/me/bookings', mallory.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    expect(await t.caller({ token: mallory.token }).bookings.mine()).toEqual([]);

    const missing = await get('/api/me/bookings/00000000-0000-4000-8000-000000000000', mallory.token);
    const detail = await get(`/api/me/bookings/${booking.id}`, mallory.token);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toEqual(missing.json());
    expect(JSON.stringify(detail.json())).not.toContain('Race Course');
    expect((await post(`/api/me/bookings/${booking.id}/cancel`, {}, mallory.token)).statusCode).toBe(404);
    expect((await post('/api/payments/token-order', { booking_id: booking.id }, mallory.token)).statusCode).toBe(404);

    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ userId: null, status: 'inquiry' });
  });

  it('becomes visible once the account opens the link sent to that address, and is linked to it then', async () => {
    const email = `asha${Date.now()}@example.in`;
    const booking = await visitorBooking(email);
    const account = await register(email);
    const token = await linkTokenFor(email);

    const res = await post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Thank you: your e-mail address is confirmed.', email });

    const me = await get('/api/auth/me', account.token);
    expect(me.json()).toMatchObject({ email, email_verified: true });
    const list = await get('/api/me/bookings', account.token);
    expect(list.json().map((b: { id: string }) => b.id)).toEqual([booking.id]);
    const detail = await get(`/api/me/bookings/${booking.id}`, account.token);
    expect(detail.json()).toMatchObject({ venue_address: '14 Race Course Road, Indore' });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.userId).toBe(account.id);
  });

  it("quoting a visitor's quote again while signed in to an unconfirmed account does not hand it over", async () => {
    const email = `ravi${Date.now()}@example.in`;
    const quote = (token?: string, guests = 350) =>
      t.app.inject({
        method: 'POST',
        url: '/api/quotation/instant',
        headers: token ? bearer(token) : {},
        payload: {
          event_type: 'wedding',
          event_date: '2027-02-14',
          guest_count: guests,
          venue_type: 'banquet',
          tier: 'premium',
          location: 'Indore',
          client_name: 'Ravi Mehta',
          client_email: email,
          event_name: 'Ravi & Meera Engagement',
        },
      });
    const visitors = await quote();
    expect(visitors.statusCode, visitors.body).toBe(200);
    const mallory = await register(email);
    const again = await quote(mallory.token, 120);
    expect(again.statusCode, again.body).toBe(200);
    // The same event quoted again updates the one quote, and it stays nobody's until the address is confirmed.
    expect(again.json().quote_id).toBe(visitors.json().quote_id);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, visitors.json().quote_id));
    expect(row!.userId).toBeNull();
    expect((await get('/api/me/bookings', mallory.token)).json()).toEqual([]);
    expect((await get(`/api/me/bookings/${row!.id}`, mallory.token)).statusCode).toBe(404);
  });

  it('an unconfirmed account still sees what it made itself while signed in', async () => {
    const account = await register();
    const own = await makeBooking(t.deps, { clientEmail: account.email, userId: account.id });
    const list = await get('/api/me/bookings', account.token);
    expect(list.json().map((b: { id: string }) => b.id)).toEqual([own.id]);
  });
});

describe('the confirmation link', () => {
  it('works once: the same link again is refused and changes nothing', async () => {
    const account = await register();
    const token = await linkTokenFor(account.email);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/invalid, has expired or has already been used/);
  });

  it('tampered, truncated, foreign-format or empty tokens are refused without confirming anything', async () => {
    const account = await register();
    const token = await linkTokenFor(account.email);
    const flipped = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    for (const bad of [
      flipped,
      token.slice(0, -1),
      `${token}A`,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      'x'.repeat(43),
    ]) {
      const res = await post('/api/auth/verify-email', { token: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().detail).toMatch(/invalid/);
    }
    expect((await post('/api/auth/verify-email', { token: '' })).statusCode).toBe(422);
    expect((await post('/api/auth/verify-email', {})).statusCode).toBe(422);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.emailVerifiedAt).toBeNull();
    // The untouched link still works after all that.
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
  });

  it('expires', async () => {
    const account = await register();
    const token = await linkTokenFor(account.email);
    await t.deps.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, account.id));
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(400);
    expect((await get('/api/auth/me', account.token)).json().email_verified).toBe(false);
  });

  it('opens nothing once the account no longer has the address it was sent to', async () => {
    const account = await register();
    const token = await linkTokenFor(account.email);
    await t.deps.db
      .update(users)
      .set({ email: `moved${Date.now()}@example.in` })
      .where(eq(users.id, account.id));
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(400);
  });

  it('is stored only as a keyed hash', async () => {
    const account = await register();
    const token = await linkTokenFor(account.email);
    const rows = await t.deps.db.select().from(accountTokens).where(eq(accountTokens.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('tRPC: auth.verifyEmail confirms, auth.me shows it', async () => {
    const account = await register();
    const token = await linkTokenFor(account.email);
    await expect(t.caller().auth.verifyEmail({ token: 'A'.repeat(43) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await t.caller().auth.verifyEmail({ token })).toMatchObject({ email: account.email });
    expect(await t.caller({ token: account.token }).auth.me()).toMatchObject({ email_verified: true });
  });
});

describe('sending the link again', () => {
  it('sends a new link that replaces the old one', async () => {
    const account = await register();
    const first = await linkTokenFor(account.email);
    const res = await post('/api/auth/verify-email/resend', undefined, account.token);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(`We have sent a new confirmation link to ${account.email}.`);
    const second = await linkTokenFor(account.email);
    expect(second).not.toBe(first);
    expect((await post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    const done = await post('/api/auth/verify-email/resend', undefined, account.token);
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toBe('Your e-mail address is already confirmed.');
  });

  it('is limited per account, REST and tRPC counted together, with Retry-After and a detail', async () => {
    const account = await register();
    expect((await post('/api/auth/verify-email/resend', undefined, account.token)).statusCode).toBe(202);
    expect((await post('/api/auth/verify-email/resend', undefined, account.token)).statusCode).toBe(202);
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/auth.resendVerification',
      headers: bearer(account.token),
      payload: {},
    });
    expect(viaTrpc.statusCode).toBe(200);
    const limited = await post('/api/auth/verify-email/resend', undefined, account.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(
      /^Too many e-mails sent to this address\. Please try again in \d+ minutes?\.$/,
    );
    const mails = await outboxMails(t.deps, { to: account.email, template: 'verify_email' });
    expect(mails).toHaveLength(4); // registration + three re-sends
    // Another account has its own counter.
    const other = await register();
    expect((await post('/api/auth/verify-email/resend', undefined, other.token)).statusCode).toBe(202);
  });

  it('needs a signed-in account', async () => {
    expect((await post('/api/auth/verify-email/resend')).statusCode).toBe(401);
  });
});

describe('vendors', () => {
  it('get a confirmation link on applying; the admin sees whether it was opened and may approve either way', async () => {
    const payload = vendorPayload({ email: `tent${Date.now()}@example.in` });
    const res = await post('/api/vendor/register', payload);
    expect(res.statusCode).toBe(201);
    const supplierId = res.json().supplier_id as string;
    const pending = async () =>
      (await get('/api/admin/vendors/pending', adminToken)).json().find((v: { id: string }) => v.id === supplierId);
    expect(await pending()).toMatchObject({ email_verified: false });
    const token = await linkTokenFor(payload.email);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect(await pending()).toMatchObject({ email_verified: true });

    const unconfirmed = await post('/api/vendor/register', vendorPayload({ email: `dhol${Date.now()}@example.in` }));
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/vendors/${unconfirmed.json().supplier_id}/approve`,
      headers: bearer(adminToken),
    });
    expect(approve.statusCode).toBe(200);
  });
});
