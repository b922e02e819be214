import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bookingLedger,
  bookings,
  projectInvitations,
  projects,
  supplierQuotes,
  suppliers,
  users,
} from '../../src/server/db/schema';
import { startSession } from '../../src/server/modules/auth/sessions.service';
import { appRouter } from '../../src/server/trpc/router';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { BOOKING_STATUSES, type BookingStatus } from '../../src/shared/domain';
import { bearer, tokenFor } from './helpers/admin-fixtures';
import { makeBooking } from './helpers/projects';
import { makeUser, type MadeUser } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: MadeUser;
let customer: MadeUser;
let supplier: MadeUser;
let pendingVendor: MadeUser;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.deps, { role: 'admin' });
  customer = await makeUser(t.deps, { role: 'customer' });
  supplier = await makeUser(t.deps, { role: 'supplier', approval: 'approved' });
  pendingVendor = await makeUser(t.deps, { role: 'supplier', approval: 'pending' });
  tokens.admin = await tokenFor(t.deps, admin.id);
  tokens.customer = await tokenFor(t.deps, customer.id);
  tokens.supplier = await tokenFor(t.deps, supplier.id);
  // Sign-in refuses a pending vendor; a token made for one anyway must not work either.
  tokens.pendingVendor = await startSession(t.deps, { id: pendingVendor.id, tokenVersion: 0 });
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined && { payload }) });
const get = (url: string, token = tokens.admin) => call('GET', url, token);

// ---------------------------------------------------------------------------------------------------------------
// Who may call what

/** Every route Fastify serves, from its own route table. */
function servedRoutes(): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('').replace(/\/{2,}/g, '/');
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/** The admin area of the REST surface (docs/api.md): everything here needs the admin role. */
const isAdminArea = (r: { method: string; url: string }) =>
  /^\/api\/(admin|dashboard)\//.test(r.url) ||
  r.url === '/api/suppliers' ||
  r.url.startsWith('/api/suppliers/') ||
  (r.url === '/api/bookings' && r.method === 'GET');

/** The admin routes of this issue, with a request an admin can make and the answer it gets. */
const ADMIN_ROUTES: { method: Method; url: string; payload?: object; admin: number }[] = [
  { method: 'GET', url: '/api/dashboard/stats', admin: 200 },
  { method: 'GET', url: '/api/bookings', admin: 200 },
  { method: 'GET', url: '/api/bookings/:id', admin: 404 },
  { method: 'PUT', url: '/api/bookings/:id/status', payload: { status: 'confirmed' }, admin: 404 },
  { method: 'GET', url: '/api/suppliers', admin: 200 },
  { method: 'POST', url: '/api/suppliers', payload: {}, admin: 422 },
  { method: 'PUT', url: '/api/suppliers/:id', payload: { name: 'New name' }, admin: 404 },
  { method: 'GET', url: '/api/suppliers/:id/projects', admin: 404 },
  { method: 'GET', url: '/api/admin/customers', admin: 200 },
  { method: 'PUT', url: '/api/admin/customers/:id', payload: { city: 'Indore' }, admin: 404 },
  { method: 'PUT', url: '/api/admin/customers/:id/deactivate', admin: 404 },
  { method: 'PUT', url: '/api/admin/customers/:id/activate', admin: 404 },
  { method: 'GET', url: '/api/admin/vendors/pending', admin: 200 },
  { method: 'PUT', url: '/api/admin/vendors/:id/approve', admin: 404 },
  { method: 'PUT', url: '/api/admin/vendors/:id/reject?reason=Incomplete', admin: 404 },
  { method: 'GET', url: '/api/admin/reports/summary', admin: 200 },
  { method: 'GET', url: '/api/admin/reports/customers', admin: 200 },
  { method: 'GET', url: '/api/admin/reports/vendors', admin: 200 },
  { method: 'GET', url: '/api/admin/reports/city-wise', admin: 200 },
  { method: 'GET', url: '/api/admin/reports/event-type-wise', admin: 200 },
  { method: 'GET', url: '/api/admin/reports/weekly', admin: 200 },
];

const withId = (url: string) => url.replace(/:[a-z_]+/gi, UNKNOWN_ID);

describe('admin authorisation matrix (REST)', () => {
  it('serves every route of the list, and the list names every route of the admin area', () => {
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(20);
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url.split('?')[0]}`;
    const servedKeys = new Set(served.map(key));
    for (const route of ADMIN_ROUTES) expect(servedKeys.has(key(route)), key(route)).toBe(true);
    // Routes other work adds to the admin area are probed below as well; these are this issue's.
    const listed = new Set(ADMIN_ROUTES.map(key));
    const adminArea = served.filter(isAdminArea).map(key);
    expect(adminArea.filter((k) => listed.has(k)).sort()).toEqual(
      ADMIN_ROUTES.filter((r) => isAdminArea(r))
        .map(key)
        .sort(),
    );
  });

  it.each(ADMIN_ROUTES)(
    '$method $url: 401 anonymous and bad tokens, 403 customer and supplier, admin through',
    async (route) => {
      const url = withId(route.url);
      const anonymous = await call(route.method, url, undefined, route.payload);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Not authenticated' });
      expect((await call(route.method, url, 'not-a-token', route.payload)).statusCode).toBe(401);
      expect((await call(route.method, url, tokens.pendingVendor, route.payload)).statusCode).toBe(401);
      for (const role of ['customer', 'supplier'] as const) {
        const res = await call(route.method, url, tokens[role], route.payload);
        expect(res.statusCode, role).toBe(403);
        expect(res.json()).toEqual({ detail: 'You do not have permission to do this' });
      }
      expect((await call(route.method, url, tokens.admin, route.payload)).statusCode).toBe(route.admin);
    },
  );

  it('refuses non-admins on every route of the admin area, including ones added later', async () => {
    const probed = servedRoutes().filter(isAdminArea);
    expect(probed.length).toBeGreaterThanOrEqual(ADMIN_ROUTES.filter(isAdminArea).length);
    for (const route of probed) {
      const method = route.method as Method;
      const payload = method === 'GET' ? undefined : {};
      const url = withId(route.url);
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, tokens.customer, payload)).statusCode, `${method} ${url} customer`).toBe(403);
      expect((await call(method, url, tokens.supplier, payload)).statusCode, `${method} ${url} supplier`).toBe(403);
    }
  });

  it('does not leave admin data reachable through another method or a trailing path', async () => {
    expect((await call('POST', '/api/dashboard/stats', tokens.customer, {})).statusCode).toBe(404);
    expect((await call('GET', '/api/bookings/', tokens.customer)).statusCode).not.toBe(200);
    // Anyone may still send an inquiry to POST /api/bookings: only the GET is admin-only.
    const inquiry = await call('POST', '/api/bookings', undefined, {
      client_name: 'Asha',
      client_email: 'asha.inquiry@example.in',
      client_phone: '9876543210',
      event_type: 'wedding',
      event_name: 'Wedding',
      requirements: { guest_count: 100 },
    });
    expect(inquiry.statusCode).toBe(201);
  });
});

async function trpcCode(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'OK';
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

describe('admin authorisation matrix (tRPC)', () => {
  const adminProcedures = Object.entries(
    appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
  )
    .filter(([path]) => path.startsWith('admin.'))
    .map(([path, procedure]) => ({ path, type: procedure._def.type }));

  /** This procedures with an input an admin can send, and the outcome. */
  const OWN: Record<string, { input?: unknown; admin: string }> = {
    'admin.stats': { admin: 'OK' },
    'admin.bookings.list': { input: {}, admin: 'OK' },
    'admin.bookings.get': { input: { id: UNKNOWN_ID }, admin: 'NOT_FOUND' },
    'admin.bookings.setStatus': { input: { id: UNKNOWN_ID, status: 'confirmed' }, admin: 'NOT_FOUND' },
    'admin.suppliers.list': { input: {}, admin: 'OK' },
    'admin.suppliers.create': { input: {}, admin: 'BAD_REQUEST' },
    'admin.suppliers.update': { input: { id: UNKNOWN_ID, data: { name: 'X' } }, admin: 'NOT_FOUND' },
    'admin.suppliers.projects': { input: { id: UNKNOWN_ID }, admin: 'NOT_FOUND' },
    'admin.customers.list': { input: {}, admin: 'OK' },
    'admin.customers.update': { input: { id: UNKNOWN_ID, data: { city: 'Pune' } }, admin: 'NOT_FOUND' },
    'admin.customers.deactivate': { input: { id: UNKNOWN_ID }, admin: 'NOT_FOUND' },
    'admin.customers.activate': { input: { id: UNKNOWN_ID }, admin: 'NOT_FOUND' },
    'admin.vendors.pending': { input: {}, admin: 'OK' },
    'admin.vendors.approve': { input: { id: UNKNOWN_ID }, admin: 'NOT_FOUND' },
    'admin.vendors.reject': { input: { id: UNKNOWN_ID, reason: 'Incomplete' }, admin: 'NOT_FOUND' },
    'admin.reports.summary': { admin: 'OK' },
    'admin.reports.customers': { input: {}, admin: 'OK' },
    'admin.reports.vendors': { input: {}, admin: 'OK' },
    'admin.reports.cityWise': { admin: 'OK' },
    'admin.reports.eventTypeWise': { admin: 'OK' },
    'admin.reports.weekly': { admin: 'OK' },
  };

  const invoke = (token: string | null, path: string, input: unknown) => () => {
    const caller = t.caller({ token }) as unknown as Record<string, unknown>;
    const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
    return (procedure as (input: unknown) => Promise<unknown>)(input);
  };

  it("lists every one of this issue's procedures under admin", () => {
    expect(adminProcedures.map((p) => p.path)).toEqual(expect.arrayContaining(Object.keys(OWN)));
  });

  it('answers UNAUTHORIZED without a valid token and FORBIDDEN to customers and suppliers, for every admin procedure', async () => {
    for (const { path } of adminProcedures) {
      const input = OWN[path]?.input ?? {};
      expect(await trpcCode(invoke(null, path, input)), `${path} anonymous`).toBe('UNAUTHORIZED');
      expect(await trpcCode(invoke('garbage', path, input)), `${path} bad token`).toBe('UNAUTHORIZED');
      expect(await trpcCode(invoke(tokens.pendingVendor!, path, input)), `${path} pending vendor`).toBe('UNAUTHORIZED');
      expect(await trpcCode(invoke(tokens.customer!, path, input)), `${path} customer`).toBe('FORBIDDEN');
      expect(await trpcCode(invoke(tokens.supplier!, path, input)), `${path} supplier`).toBe('FORBIDDEN');
    }
  });

  it.each(Object.entries(OWN))('%s lets the admin through', async (path, { input, admin: expected }) => {
    expect(await trpcCode(invoke(tokens.admin!, path, input))).toBe(expected);
  });

  it('answers over HTTP the same way (401 / 403 in the tRPC envelope)', async () => {
    const url = '/api/trpc/admin.stats';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(tokens.customer!) })).statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'GET', url, headers: bearer(tokens.admin!) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data).toHaveProperty('total_bookings');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Bookings

describe('bookings (admin)', () => {
  const made: (typeof bookings.$inferSelect)[] = [];
  const base = Date.now() - 30 * 86_400_000;

  beforeAll(async () => {
    const statuses: BookingStatus[] = ['inquiry', 'quoted', 'confirmed', 'in_progress', 'completed', 'cancelled'];
    // Each status on a date it can hold: in progress on the event day, completed after it
    // (docs/product.md#booking-statuses).
    const eventDateOf = (i: number, status: BookingStatus) => {
      if (i === 6) return '2031-02-14';
      if (status === 'in_progress') return todayInIndia();
      if (status === 'completed') return addDays(todayInIndia(), -i);
      return addDays(todayInIndia(), 20 + i);
    };
    for (let i = 0; i < 18; i += 1) {
      const status = statuses[i % statuses.length]!;
      made.push(
        await makeBooking(t.deps, {
          clientName: i === 3 ? 'Meera Iyer' : `Client ${i}`,
          clientEmail: i === 4 ? 'Rahul.Verma@Example.in' : `client${i}@example.in`,
          eventName: i === 5 ? 'Sharma 100% Vegetarian Griha Pravesh' : `Event ${i}`,
          eventDate: eventDateOf(i, status),
          status,
          venueName: null,
          guestCount: 120,
          requirements: {},
          pricingTier: 'premium',
          finalAmountPaise: 10_000_00 + i * 1_000_50,
          createdAt: new Date(base + i * 3_600_000),
          updatedAt: new Date(base + i * 3_600_000),
        }),
      );
    }
  });

  it('GET /api/bookings answers the newest 10 as a bare array with the spec fields', async () => {
    const res = await get('/api/bookings');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(10);
    const [{ n }] = (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(bookings)) as [{ n: number }];
    expect(res.headers['x-total-count']).toBe(String(n));
    const newestTen = await t.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .orderBy(sql`${bookings.createdAt} desc`)
      .limit(10);
    expect(list.map((b: { id: string }) => b.id)).toEqual(newestTen.map((b) => b.id));

    const newest = made[made.length - 1]!;
    const [entry] = (await get('/api/bookings?q=client17@example.in')).json();
    expect(entry).toEqual({
      id: newest.id,
      event_name: 'Event 17',
      event_type: 'wedding',
      client_name: 'Client 17',
      client_email: 'client17@example.in',
      client_phone: '+919812345678',
      event_date: newest.eventDate,
      original_event_date: null,
      event_time: null,
      requirements: { guest_count: 120 },
      status: 'cancelled',
      venue_name: null,
      venue_address: null,
      city: 'Indore',
      notes: null,
      pricing_tier: 'premium',
      final_amount: 27008.5,
      gst_percent: null,
      quotation: null,
      source: 'instant_quote',
      created_at: newest.createdAt.toISOString(),
      updated_at: newest.updatedAt.toISOString(),
    });
  });

  it('pages with limit and offset, and filters by status', async () => {
    const all = (await get('/api/bookings?limit=100')).json() as { id: string; status: string }[];
    const page = (await get('/api/bookings?limit=5&offset=5')).json() as { id: string }[];
    expect(page.map((b) => b.id)).toEqual(all.slice(5, 10).map((b) => b.id));
    const confirmed = await get('/api/bookings?status=confirmed&limit=100');
    expect(confirmed.json().every((b: { status: string }) => b.status === 'confirmed')).toBe(true);
    expect(confirmed.json()).toHaveLength(all.filter((b) => b.status === 'confirmed').length);
    expect(confirmed.headers['x-total-count']).toBe(String(all.filter((b) => b.status === 'confirmed').length));
  });

  it.each<[string, (b: typeof bookings.$inferSelect) => boolean]>([
    ['meera', (b) => b.clientName === 'Meera Iyer'],
    ['RAHUL.verma', (b) => b.clientEmail === 'Rahul.Verma@Example.in'],
    ['griha pravesh', (b) => b.eventName.includes('Griha Pravesh')],
    ['100%', (b) => b.eventName.includes('100%')],
    ['2031-02-14', (b) => b.eventDate === '2031-02-14'],
    ['2031-02', (b) => b.eventDate?.startsWith('2031-02') ?? false],
    // Written as a date but no day of the calendar: nothing matches, and the answer is not a 500.
    ['2026-02-31', () => false],
    ['2026-13-01', () => false],
  ])('searches by client, event or date: %s', async (q, matches) => {
    const res = await get(`/api/bookings?limit=100&q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    const ids = res
      .json()
      .map((b: { id: string }) => b.id)
      .sort();
    expect(ids).toEqual(
      made
        .filter(matches)
        .map((b) => b.id)
        .sort(),
    );
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await get('/api/bookings?q=%25')).json().map((b: { event_name: string }) => b.event_name)).toEqual([
      'Sharma 100% Vegetarian Griha Pravesh',
    ]);
    expect(await get('/api/bookings?q=_').then((r) => r.json())).toEqual([]);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'status=pending', `q=${'x'.repeat(101)}`])(
    'answers 422 for %s',
    async (query) => {
      const res = await get(`/api/bookings?${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc[0]).toBe('query');
    },
  );

  it('GET /api/bookings/{id} answers one booking, 404 for an unknown one', async () => {
    const target = made[3]!;
    const res = await get(`/api/bookings/${target.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, client_name: 'Meera Iyer', requirements: { guest_count: 120 } });
    const unknown = await get(`/api/bookings/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Booking not found' });
    expect((await get('/api/bookings/not-a-uuid')).statusCode).toBe(404);
  });

  it('fills requirements.guest_count from the booking when the stored requirements lack it', async () => {
    const booking = await makeBooking(t.deps, { requirements: {}, guestCount: 80 });
    expect((await get(`/api/bookings/${booking.id}`)).json().requirements).toEqual({ guest_count: 80 });
  });

  const setStatus = (id: string, payload: object, token = tokens.admin) =>
    call('PUT', `/api/bookings/${id}/status`, token, payload);

  it('moves a booking along the state machine, one audit row per move', async () => {
    // On the event day, when a booking may be marked in progress and then completed.
    const booking = await makeBooking(t.deps, {
      status: 'inquiry',
      source: 'inquiry',
      eventDate: todayInIndia(),
      finalAmountPaise: 80_000_00,
      pricingTier: null,
    });
    for (const status of ['quoted', 'confirmed', 'in_progress', 'completed'] as const) {
      const res = await setStatus(booking.id, { status });
      expect(res.statusCode, status).toBe(200);
      expect(res.json()).toMatchObject({
        message: `Booking marked ${status.replace('_', ' ')}`,
        booking: { id: booking.id, status },
      });
    }
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, booking.id))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => a.data)).toEqual([
      { from: 'inquiry', to: 'quoted' },
      { from: 'quoted', to: 'confirmed' },
      { from: 'confirmed', to: 'in_progress' },
      { from: 'in_progress', to: 'completed' },
    ]);
    expect(audit.every((a) => a.actorUserId === admin.id && a.action === 'booking.status_changed')).toBe(true);
  });

  it('answers 409 with what is allowed for a move the state machine does not allow', async () => {
    const quoted = await makeBooking(t.deps, { status: 'quoted' });
    const skip = await setStatus(quoted.id, { status: 'in_progress' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({
      detail: 'This booking is quoted: it can move to confirmed or cancelled, not to in progress',
    });
    const same = await setStatus(quoted.id, { status: 'quoted' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ detail: 'This booking is already quoted' });

    const done = await makeBooking(t.deps, { status: 'completed', eventDate: addDays(todayInIndia(), -2) });
    const reopen = await setStatus(done.id, { status: 'cancelled' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toEqual({ detail: 'This booking is completed and cannot change status any more' });

    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, quoted.id))).toHaveLength(0);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, quoted.id));
    expect(row!.status).toBe('quoted');
  });

  it('checks every pair of statuses against the shared state machine', async () => {
    const { BOOKING_TRANSITIONS } = await import('../../src/shared/domain');
    for (const from of BOOKING_STATUSES) {
      for (const to of BOOKING_STATUSES) {
        // On the event day, so the calendar allows every move and only the state machine decides.
        const booking = await makeBooking(t.deps, { status: from, eventDate: todayInIndia() });
        const res = await setStatus(booking.id, { status: to });
        expect(res.statusCode, `${from}→${to}`).toBe(BOOKING_TRANSITIONS[from].includes(to) ? 200 : 409);
      }
    }
  });

  it('marks in progress only on the event day and completed only from it (India time), else 409 naming the day', async () => {
    const today = todayInIndia();
    const inAMonth = addDays(today, 30);
    const early = await makeBooking(t.deps, { status: 'confirmed', eventDate: inAMonth });
    const refused = await setStatus(early.id, { status: 'in_progress' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: `A booking can be marked in progress only on its event day (${formatLongDate(inAMonth)})`,
    });
    const missed = await makeBooking(t.deps, { status: 'confirmed', eventDate: addDays(today, -1) });
    expect((await setStatus(missed.id, { status: 'in_progress' })).statusCode).toBe(409);
    const undated = await makeBooking(t.deps, { status: 'confirmed', eventDate: null });
    expect((await setStatus(undated.id, { status: 'in_progress' })).json()).toEqual({
      detail: 'This booking has no event date yet: it can be marked in progress only on its event day',
    });
    // Written into a running booking by hand, a month early: completing it is still refused.
    const running = await makeBooking(t.deps, { status: 'in_progress', eventDate: inAMonth });
    const tooSoon = await t
      .caller({ token: tokens.admin })
      .admin.bookings.setStatus({ id: running.id, status: 'completed' })
      .catch((error: unknown) => error);
    expect(tooSoon).toBeInstanceOf(TRPCError);
    expect(tooSoon).toMatchObject({
      code: 'CONFLICT',
      message: `A booking can be marked completed only on or after its event day (${formatLongDate(inAMonth)})`,
    });
    for (const id of [early.id, missed.id, undated.id, running.id]) {
      expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id))).toHaveLength(0);
    }
    const rows = await t.deps.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [early.id, running.id]));
    expect(rows.map((r) => r.status).sort()).toEqual(['confirmed', 'in_progress']);

    const onTheDay = await makeBooking(t.deps, { status: 'confirmed', eventDate: today });
    expect((await setStatus(onTheDay.id, { status: 'in_progress' })).statusCode).toBe(200);
    const lastWeek = await makeBooking(t.deps, { status: 'in_progress', eventDate: addDays(today, -7) });
    const done = await setStatus(lastWeek.id, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Booking marked completed', booking: { status: 'completed' } });
    // Not marked in progress on its day, a confirmed booking is completed straight from confirmed afterwards;
    // a month early it is refused like any completion.
    const missedDay = await makeBooking(t.deps, { status: 'confirmed', eventDate: addDays(today, -3) });
    const completed = await setStatus(missedDay.id, { status: 'completed' });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ booking: { status: 'completed' } });
    expect((await setStatus(early.id, { status: 'completed' })).json()).toEqual({
      detail: `A booking can be marked completed only on or after its event day (${formatLongDate(inAMonth)})`,
    });
  });

  it('answers 422 for an unknown status and 404 for an unknown booking', async () => {
    const booking = await makeBooking(t.deps);
    const bad = await setStatus(booking.id, { status: 'approved' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'status'] });
    expect((await setStatus(booking.id, {})).statusCode).toBe(422);
    expect((await setStatus(UNKNOWN_ID, { status: 'confirmed' })).statusCode).toBe(404);
  });

  it('writes only the status, whatever else the body carries', async () => {
    const booking = await makeBooking(t.deps, { status: 'quoted', finalAmountPaise: 50_000_00 });
    const res = await setStatus(booking.id, {
      status: 'confirmed',
      final_amount: 1,
      final_amount_paise: 1,
      client_email: 'attacker@example.in',
      user_id: admin.id,
      source: 'admin',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      status: 'confirmed',
      finalAmountPaise: 50_000_00,
      clientEmail: booking.clientEmail,
      userId: null,
      source: 'instant_quote',
    });
  });

  it('lets one of two simultaneous identical moves through', async () => {
    const booking = await makeBooking(t.deps, { status: 'quoted' });
    const answers = await Promise.all([
      setStatus(booking.id, { status: 'confirmed' }),
      setStatus(booking.id, { status: 'confirmed' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id))).toHaveLength(1);
  });

  it('admin.bookings over tRPC: list with total, get, setStatus', async () => {
    const caller = t.caller({ token: tokens.admin });
    const page = await caller.admin.bookings.list({ limit: 3, q: 'meera iy' });
    expect(page.total).toBe(1);
    expect(page.items[0]!.client_name).toBe('Meera Iyer');
    expect((await caller.admin.bookings.list()).items).toHaveLength(10);
    expect((await caller.admin.bookings.get({ id: made[0]!.id })).id).toBe(made[0]!.id);
    const booking = await makeBooking(t.deps, { status: 'inquiry' });
    expect((await caller.admin.bookings.setStatus({ id: booking.id, status: 'cancelled' })).booking.status).toBe(
      'cancelled',
    );
    await expect(caller.admin.bookings.setStatus({ id: booking.id, status: 'quoted' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This booking is cancelled and cannot change status any more',
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Dashboard stats

describe('GET /api/dashboard/stats', () => {
  it('matches counts computed independently from the rows', async () => {
    const rows = await t.deps.db
      .select({ id: bookings.id, status: bookings.status, amount: bookings.finalAmountPaise })
      .from(bookings);
    const supplierRows = await t.deps.db
      .select({ active: suppliers.isActive, approval: suppliers.approvalStatus })
      .from(suppliers);
    // What those bookings cost: their final amounts less their credit notes (the ledger's adjustments).
    const earning = rows.filter((r) => ['confirmed', 'in_progress', 'completed'].includes(r.status));
    const earningIds = new Set(earning.map((r) => r.id));
    const credits = (await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.kind, 'adjustment')))
      .filter((l) => earningIds.has(l.bookingId))
      .reduce((sum, l) => sum + l.amountPaise, 0);
    const revenuePaise = earning.reduce((sum, r) => sum + (r.amount ?? 0), 0) + credits;
    const expected = {
      total_bookings: rows.length,
      pending_bookings: rows.filter((r) => r.status === 'inquiry' || r.status === 'quoted').length,
      active_suppliers: supplierRows.filter((s) => s.active && s.approval === 'approved').length,
      total_revenue: revenuePaise / 100,
    };
    expect(expected.total_bookings).toBeGreaterThan(20);
    expect(expected.total_revenue).toBeGreaterThan(0);
    const res = await get('/api/dashboard/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
    expect(await t.caller({ token: tokens.admin }).admin.stats()).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Suppliers

describe('suppliers (admin)', () => {
  const addSupplier = (payload: object, token: string | null = tokens.admin!) =>
    call('POST', '/api/suppliers', token ?? undefined, payload);
  const newSupplier = (overrides: object = {}) => ({
    name: 'Manoj Khandelwal',
    email: `supplier.${randomUUID().slice(0, 8)}@example.in`,
    phone: '+91-9827061539',
    business_name: 'Chhappan Bhog Sweets',
    location: 'Indore',
    services: [],
    ...overrides,
  });

  it('POST /api/suppliers adds an approved, active, unverified supplier without a login', async () => {
    const payload = newSupplier({ services: ['Sweets', 'Namkeen', ' sweets '] });
    const res = await addSupplier(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Supplier added successfully!',
      supplier: {
        id: expect.any(String),
        name: 'Manoj Khandelwal',
        business_name: 'Chhappan Bhog Sweets',
        email: payload.email,
        phone: '+919827061539',
        location: 'Indore',
        services: ['Sweets', 'Namkeen'],
        is_verified: false,
        is_active: true,
        approval_status: 'approved',
        rating: 0,
        total_projects: 0,
        awarded_projects: 0,
        created_at: expect.any(String),
      },
    });
    const [row] = await t.deps.db.select().from(suppliers).where(eq(suppliers.id, res.json().supplier.id));
    expect(row).toMatchObject({ userId: null, approvalStatus: 'approved', isActive: true, isVerified: false });
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id))).toMatchObject([
      { action: 'supplier.created', actorUserId: admin.id },
    ]);
  });

  it('requires the admin token the spec client did not send', async () => {
    expect((await addSupplier(newSupplier(), null)).statusCode).toBe(401);
    expect((await addSupplier(newSupplier(), tokens.supplier)).statusCode).toBe(403);
  });

  it('answers 409 for an e-mail already used by a supplier or an account, in any letter case', async () => {
    const payload = newSupplier();
    expect((await addSupplier(payload)).statusCode).toBe(201);
    for (const email of [payload.email.toUpperCase(), customer.email]) {
      const res = await addSupplier(newSupplier({ email }));
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({ detail: 'An account with this email already exists' });
    }
  });

  it.each<[object, string]>([
    [{ name: '' }, 'name'],
    [{ email: 'nope' }, 'email'],
    [{ phone: '12345' }, 'phone'],
    [{ business_name: undefined }, 'business_name'],
    [{ services: 'x'.repeat(2001) }, 'services'],
  ])('answers 422 for %j', async (overrides, field) => {
    const res = await addSupplier(newSupplier(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', field]);
  });

  it('ignores approval, verification, rating and login fields in the payload', async () => {
    const payload = newSupplier({
      approval_status: 'pending',
      is_verified: true,
      is_active: false,
      rating: 5,
      user_id: admin.id,
      total_projects: 99,
    });
    const res = await addSupplier(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().supplier).toMatchObject({
      approval_status: 'approved',
      is_verified: false,
      is_active: true,
      rating: 0,
      total_projects: 0,
    });
    const [row] = await t.deps.db.select().from(suppliers).where(eq(suppliers.id, res.json().supplier.id));
    expect(row!.userId).toBeNull();
  });

  /** A project for a booking with the given suppliers invited; optionally awarded to one and quoted by some. */
  async function makeProject(invited: string[], options: { awardedTo?: string; quotes?: Record<string, number> } = {}) {
    const booking = await makeBooking(t.deps, {
      status: 'confirmed',
      eventName: `Project event ${randomUUID().slice(0, 6)}`,
      venueName: null,
      guestCount: 120,
      requirements: {},
      finalAmountPaise: 1_00_000_00,
    });
    const [project] = await t.deps.db
      .insert(projects)
      .values({
        bookingId: booking.id,
        status: options.awardedTo ? 'awarded' : 'open',
        autoAssignDate: new Date(Date.now() + 48 * 3_600_000),
        awardedSupplierId: options.awardedTo ?? null,
      })
      .returning();
    await t.deps.db
      .insert(projectInvitations)
      .values(invited.map((supplierId) => ({ projectId: project!.id, supplierId })));
    for (const [supplierId, paise] of Object.entries(options.quotes ?? {})) {
      await t.deps.db
        .insert(supplierQuotes)
        .values({ projectId: project!.id, supplierId, amountPaise: paise, notes: 'Includes staff' });
    }
    return { booking, project: project! };
  }

  it('GET /api/suppliers lists every supplier, working ones first, with invitation and award counts', async () => {
    const a = (await addSupplier(newSupplier({ business_name: 'Aaa Caterers' }))).json().supplier.id as string;
    const b = (await addSupplier(newSupplier({ business_name: 'Bbb Decor' }))).json().supplier.id as string;
    await makeProject([a, b], { awardedTo: a });
    await makeProject([a]);

    const res = await get('/api/suppliers?limit=500');
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      id: string;
      is_active: boolean;
      approval_status: string;
      total_projects: number;
      awarded_projects: number;
    }[];
    const [{ n }] = (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(suppliers)) as [{ n: number }];
    expect(list).toHaveLength(n);
    expect(res.headers['x-total-count']).toBe(String(n));
    expect(list.find((s) => s.id === a)).toMatchObject({ total_projects: 2, awarded_projects: 1 });
    expect(list.find((s) => s.id === b)).toMatchObject({ total_projects: 1, awarded_projects: 0 });
    const working = list.map((s) => s.is_active && s.approval_status === 'approved');
    expect(working.indexOf(false)).toBeGreaterThan(working.lastIndexOf(true));
    expect(list.map((s) => s.id)).toContain(pendingVendor.supplierId);

    const pendingOnly = await get('/api/suppliers?approval_status=pending');
    expect(pendingOnly.json().every((s: { approval_status: string }) => s.approval_status === 'pending')).toBe(true);
    expect((await get('/api/suppliers?q=bbb%20decor')).json().map((s: { id: string }) => s.id)).toEqual([b]);
    expect((await get('/api/suppliers?approval_status=maybe')).statusCode).toBe(422);
  });

  it("GET /api/suppliers/{id}/projects lists the projects with this supplier's quote", async () => {
    const a = (await addSupplier(newSupplier())).json().supplier.id as string;
    const b = (await addSupplier(newSupplier())).json().supplier.id as string;
    const { booking, project } = await makeProject([a, b], { quotes: { [a]: 2_50_000_00, [b]: 2_40_000_00 } });

    const res = await get(`/api/suppliers/${a}/projects`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: project.id,
        booking_id: booking.id,
        status: 'open',
        auto_assign_date: project.autoAssignDate.toISOString(),
        awaiting_admin_since: null,
        invited_at: expect.any(String),
        is_awarded: false,
        booking_details: {
          event_name: booking.eventName,
          client_name: booking.clientName,
          event_type: 'wedding',
          event_date: booking.eventDate,
          venue_name: null,
          estimated_budget: 100000,
          requirements: { guest_count: 120, special_requests: null },
        },
        quote: {
          id: expect.any(String),
          quoted_amount: 250000,
          notes: 'Includes staff',
          submitted_at: expect.any(String),
        },
      },
    ]);
    const fresh = (await addSupplier(newSupplier())).json().supplier.id as string;
    expect((await get(`/api/suppliers/${fresh}/projects`)).json()).toEqual([]);
    expect((await get(`/api/suppliers/${UNKNOWN_ID}/projects`)).json()).toEqual({ detail: 'Supplier not found' });
  });

  const edit = (id: string, payload: object) => call('PUT', `/api/suppliers/${id}`, tokens.admin, payload);

  it('PUT /api/suppliers/{id} edits name, phone, location, services and active, and nothing else', async () => {
    const created = (await addSupplier(newSupplier())).json().supplier;
    const res = await edit(created.id, {
      name: 'Manoj K.',
      phone: '9827000000',
      location: 'Ujjain',
      services: 'Sweets, Live jalebi counter',
      email: 'hijack@example.in',
      business_name: 'Renamed',
      approval_status: 'rejected',
      is_verified: true,
      rating: 5,
      user_id: admin.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Supplier updated',
      supplier: {
        name: 'Manoj K.',
        phone: '+919827000000',
        location: 'Ujjain',
        services: ['Sweets', 'Live jalebi counter'],
      },
    });
    const [row] = await t.deps.db.select().from(suppliers).where(eq(suppliers.id, created.id));
    expect(row).toMatchObject({
      email: created.email,
      businessName: 'Chhappan Bhog Sweets',
      approvalStatus: 'approved',
      isVerified: false,
      rating: 0,
      userId: null,
    });
    expect((await edit(created.id, { location: '' })).json().supplier.location).toBeNull();
    expect((await edit(created.id, {})).statusCode).toBe(422);
    expect((await edit(created.id, { approval_status: 'approved' })).statusCode).toBe(422);
    expect((await edit(UNKNOWN_ID, { name: 'X' })).statusCode).toBe(404);
  });

  it('deactivating a supplier ends its sessions and sign-in; reactivating restores sign-in', async () => {
    const vendor = await makeUser(t.deps, { role: 'supplier', approval: 'approved' });
    const token = await tokenFor(t.deps, vendor.id);
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);

    const off = await edit(vendor.supplierId!, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().supplier.is_active).toBe(false);
    expect((await get('/api/auth/me', token)).statusCode).toBe(401);
    const login = () => call('POST', '/api/auth/login', undefined, { email: vendor.email, password: vendor.password });
    expect((await login()).statusCode).toBe(403);

    expect((await edit(vendor.supplierId!, { is_active: true })).json().supplier.is_active).toBe(true);
    expect((await login()).statusCode).toBe(200);
    expect((await get('/api/auth/me', token)).statusCode).toBe(401);
  });

  it('does not activate a pending or rejected vendor through Edit (409): that is what Approve is for', async () => {
    const res = await edit(pendingVendor.supplierId!, { is_active: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/approve the vendor application first/);
    const [row] = await t.deps.db.select().from(suppliers).where(eq(suppliers.id, pendingVendor.supplierId!));
    expect(row).toMatchObject({ isActive: false, approvalStatus: 'pending' });
  });

  it('admin.suppliers over tRPC', async () => {
    const caller = t.caller({ token: tokens.admin });
    const created = await caller.admin.suppliers.create(newSupplier({ services: 'Tent, Lighting' }));
    expect(created.supplier.services).toEqual(['Tent', 'Lighting']);
    const updated = await caller.admin.suppliers.update({ id: created.supplier.id, data: { is_active: false } });
    expect(updated.supplier.is_active).toBe(false);
    const page = await caller.admin.suppliers.list({ q: created.supplier.email });
    expect(page).toEqual({ items: [updated.supplier], total: 1 });
    expect(await caller.admin.suppliers.projects({ id: created.supplier.id })).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Customers

describe('customers (admin)', () => {
  const made: MadeUser[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 12; i += 1) {
      const user = await makeUser(t.deps, { role: 'customer', email: `cust${String(i).padStart(2, '0')}@example.in` });
      await t.deps.db
        .update(users)
        .set({
          createdAt: new Date(Date.now() - (20 - i) * 86_400_000),
          city: i % 2 ? 'Indore' : null,
          fullName: `Customer ${i}`,
        })
        .where(eq(users.id, user.id));
      made.push(user);
    }
  });

  it('GET /api/admin/customers answers the newest 10 customers, customers only, with the spec fields', async () => {
    const res = await get('/api/admin/customers');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; created_at: string }[];
    expect(list).toHaveLength(10);
    const customerCount = (await t.deps.db.select().from(users).where(eq(users.role, 'customer'))).length;
    expect(res.headers['x-total-count']).toBe(String(customerCount));
    const ids = list.map((c) => c.id);
    expect(ids).not.toContain(admin.id);
    expect(ids).not.toContain(supplier.id);
    expect(list.map((c) => c.created_at)).toEqual(
      list
        .map((c) => c.created_at)
        .sort()
        .reverse(),
    );
    const row = (await get('/api/admin/customers?q=cust11@example.in')).json();
    expect(row).toEqual([
      {
        id: made[11]!.id,
        full_name: 'Customer 11',
        email: 'cust11@example.in',
        phone: '+919876543210',
        city: 'Indore',
        created_at: expect.stringMatching(/Z$/),
        is_active: true,
      },
    ]);
    expect((await get('/api/admin/customers?limit=2&offset=1')).json().map((c: { id: string }) => c.id)).toEqual(
      (await get('/api/admin/customers?limit=3'))
        .json()
        .slice(1)
        .map((c: { id: string }) => c.id),
    );
  });

  it('GET /api/admin/customers?q= finds a phone however it is typed', async () => {
    const made = await makeUser(t.deps, { email: 'phone.search@example.in' });
    await t.deps.db.update(users).set({ phone: '+919826012457' }).where(eq(users.id, made.id));
    for (const typed of ['9826012457', '98260 12457', '+91 98260 12457', '098260-12457', '+919826012457', '12457']) {
      const found = (await get(`/api/admin/customers?q=${encodeURIComponent(typed)}`)).json() as { id: string }[];
      expect(
        found.map((c) => c.id),
        typed,
      ).toEqual([made.id]);
    }
  });

  const editCustomer = (id: string, payload: object) =>
    call('PUT', `/api/admin/customers/${id}`, tokens.admin, payload);

  it('PUT /api/admin/customers/{id} edits name, phone and city only', async () => {
    const target = made[0]!;
    const res = await editCustomer(target.id, {
      full_name: 'Asha Rao',
      phone: '+91 91234 56789',
      city: 'Bhopal',
      role: 'admin',
      email: 'hijack@example.in',
      is_active: false,
      token_version: 7,
      password: 'owned-you',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Customer updated',
      customer: expect.objectContaining({
        id: target.id,
        full_name: 'Asha Rao',
        phone: '+919123456789',
        city: 'Bhopal',
        is_active: true,
      }),
    });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ role: 'customer', email: target.email, isActive: true, tokenVersion: 0 });
    expect(
      (await call('POST', '/api/auth/login', undefined, { email: target.email, password: target.password })).statusCode,
    ).toBe(200);

    const cleared = await editCustomer(target.id, { phone: '', city: null });
    expect(cleared.json().customer).toMatchObject({ phone: null, city: null, full_name: 'Asha Rao' });
    expect((await editCustomer(target.id, { phone: '12345' })).statusCode).toBe(422);
    expect((await editCustomer(target.id, { role: 'admin' })).statusCode).toBe(422);
    expect((await editCustomer(target.id, { full_name: '' })).statusCode).toBe(422);
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, target.id), eq(auditLog.action, 'customer.updated')));
    expect(audit).toHaveLength(2);
  });

  it('answers 404 for admins, suppliers and unknown ids: only customers are managed here', async () => {
    for (const id of [admin.id, supplier.id, UNKNOWN_ID]) {
      const res = await editCustomer(id, { city: 'Pune' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Customer not found' });
      expect((await call('PUT', `/api/admin/customers/${id}/deactivate`, tokens.admin)).statusCode).toBe(404);
    }
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ isActive: true, city: null });
  });

  it("deactivate ends the customer's sessions and sign-in; activate restores sign-in but not old tokens", async () => {
    const target = made[1]!;
    const oldToken = (
      await call('POST', '/api/auth/login', undefined, { email: target.email, password: target.password })
    ).json().access_token as string;
    expect((await get('/api/auth/me', oldToken)).statusCode).toBe(200);

    const off = await call('PUT', `/api/admin/customers/${target.id}/deactivate`, tokens.admin);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Customer deactivated',
      customer: { id: target.id, is_active: false },
    });
    const me = await get('/api/auth/me', oldToken);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ detail: 'Could not validate credentials' });
    const login = () => call('POST', '/api/auth/login', undefined, { email: target.email, password: target.password });
    expect((await login()).statusCode).toBe(403);
    expect((await login()).json().detail).toMatch(/deactivated/);

    const again = await call('PUT', `/api/admin/customers/${target.id}/deactivate`, tokens.admin);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Customer is already deactivated');

    const on = await call('PUT', `/api/admin/customers/${target.id}/activate`, tokens.admin);
    expect(on.json()).toMatchObject({ message: 'Customer activated', customer: { is_active: true } });
    expect((await login()).statusCode).toBe(200);
    expect((await get('/api/auth/me', oldToken)).statusCode).toBe(401);

    const audit = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, target.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['customer.activated', 'customer.deactivated']);
  });

  it('admin.customers over tRPC', async () => {
    const caller = t.caller({ token: tokens.admin });
    const page = await caller.admin.customers.list({ limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(12);
    const target = made[2]!;
    expect((await caller.admin.customers.update({ id: target.id, data: { city: 'Pune' } })).customer.city).toBe('Pune');
    expect((await caller.admin.customers.deactivate({ id: target.id })).customer.is_active).toBe(false);
    expect((await caller.admin.customers.activate({ id: target.id })).customer.is_active).toBe(true);
    await expect(caller.admin.customers.update({ id: target.id, data: {} })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
