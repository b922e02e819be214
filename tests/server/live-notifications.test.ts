import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { LiveEventDto } from '../../src/shared/schemas/notifications';
import { vendorPayload } from './helpers/admin-fixtures';
import { makeActor, makeSupplier } from './helpers/projects';
import { openSse, type SseEvent } from './helpers/sse';
import { setUpSuite } from './helpers/suite';

/**
 * Live notifications (docs/product.md#live-alerts, docs/architecture.md "Live notifications"): an admin's stream
 * hears of a new lead without a reload, a dropped connection resumes from its last event id with what it missed, a
 * notification written through one instance reaches a stream open on another (two apps on one database: on
 * PostgreSQL two connections, so LISTEN/NOTIFY crosses them), and the stream is for admins and suppliers only.
 */
const { t, admin } = setUpSuite({ admin: 'admin' }, { timeout: 240_000 });
let second: FastifyInstance;
let secondDatabase: DatabaseHandle | null = null;
let base: string;
let secondBase: string;

const inquiry = (name: string) => ({
  client_name: 'Farhan Qureshi',
  client_email: 'farhan.q@example.in',
  client_phone: '98270 55555',
  event_type: 'corporate',
  event_name: name,
  event_date: addDays(todayInIndia(), 45),
  requirements: { guest_count: 180 },
});

const postInquiry = (name: string) => t.app.inject({ method: 'POST', url: '/api/bookings', payload: inquiry(name) });

/** An instant quote for this event name, `daysAhead` days from today (each day takes a few such weddings). */
const postQuote = (name: string, daysAhead = 50) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quotation/instant',
    payload: {
      event_type: 'wedding',
      event_date: addDays(todayInIndia(), daysAhead),
      guest_count: 240,
      venue_type: 'indoor',
      tier: 'premium',
      location: 'Indore',
      client_email: 'meher.k@example.in',
      client_name: 'Meher Kapoor',
      event_name: name,
      client_phone: '+919826012345',
    },
  });

const live = (event: SseEvent) => JSON.parse(event.data) as LiveEventDto;
const isNotification = (kind: string, text: string) => (event: SseEvent) => {
  if (event.event !== 'notification') return false;
  const data = live(event);
  return data.type === 'notification' && data.notification.kind === kind && data.notification.message.includes(text);
};

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  // A second instance: its own connection to the same PostgreSQL, or the same embedded database in this process.
  const database =
    t.database.kind === 'postgres'
      ? (secondDatabase = await openDatabase({ url: t.database.url, pgliteDir: 'memory', poolSize: 2 }))
      : t.database;
  second = await buildApp(t.config, { database, migrate: false, startWorkers: false });
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondBase = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
}, 240_000);

afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
});

describe('GET /api/notifications/stream', () => {
  it('opens with the unread count and delivers a new lead as it is created', async () => {
    const stream = await openSse(`${base}/api/notifications/stream`, admin.auth);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const snapshot = await stream.next((e) => e.event === 'snapshot');
    expect(live(snapshot)).toEqual({ type: 'snapshot', unread: 0 });

    const created = await postInquiry('Offsite Lunch - Narmada Tech');
    expect(created.statusCode).toBe(201);
    const event = await stream.next(isNotification('lead_inquiry', 'Offsite Lunch'));
    const data = live(event);
    expect(data).toMatchObject({
      type: 'notification',
      unread: 1,
      notification: {
        kind: 'lead_inquiry',
        message: expect.stringContaining('New inquiry: Offsite Lunch - Narmada Tech from Farhan Qureshi'),
        booking_id: created.json().id,
        read: false,
      },
    });
    expect(event.id).toBe(data.type === 'notification' ? data.notification.id : null);
    stream.close();
  }, 30_000);

  it('delivers an instant quote as a new booking lead once its transaction has committed', async () => {
    const stream = await openSse(`${base}/api/notifications/stream`, admin.auth);
    await stream.next((e) => e.event === 'snapshot');
    const quoted = await postQuote('Sangeet Night');
    expect(quoted.statusCode).toBe(200);
    const event = await stream.next(isNotification('lead_booking', 'Sangeet Night'));
    expect(live(event)).toMatchObject({
      type: 'notification',
      notification: {
        kind: 'lead_booking',
        message: expect.stringMatching(/^New booking: Sangeet Night for Meher Kapoor on .+, 240 guests, quoted ₹/),
        booking_id: quoted.json().quote_id,
        read: false,
      },
    });
    stream.close();
  }, 30_000);

  it('delivers every lead of a burst of quotes, whose wake-ups go out gathered after their commits', async () => {
    const stream = await openSse(`${base}/api/notifications/stream`, admin.auth);
    await stream.next((e) => e.event === 'snapshot');
    const names = Array.from({ length: 12 }, (_, i) => `Burst Dinner ${i + 1}`);
    const answers = await Promise.all(names.map((name, i) => postQuote(name, 60 + i)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(names.map(() => 200));
    const heard = new Set<string>();
    while (heard.size < names.length) {
      const event = await stream.next(isNotification('lead_booking', 'Burst Dinner'));
      const data = live(event);
      if (data.type === 'notification') heard.add(/Burst Dinner \d+/.exec(data.notification.message)![0]);
    }
    expect([...heard].sort()).toEqual([...names].sort());
    stream.close();
  }, 60_000);

  it('resumes after a dropped connection with what arrived in between (Last-Event-ID)', async () => {
    const stream = await openSse(`${base}/api/notifications/stream`, admin.auth);
    await stream.next((e) => e.event === 'snapshot');
    await postInquiry('Board Dinner - Narmada Tech');
    const seen = await stream.next(isNotification('lead_inquiry', 'Board Dinner'));
    stream.close();

    // While the admin's connection is down, a vendor applies and another inquiry comes in.
    const applied = await t.app.inject({ method: 'POST', url: '/api/vendor/register', payload: vendorPayload() });
    expect(applied.statusCode).toBe(201);
    await postInquiry('Annual Day - Narmada Tech');

    const resumed = await openSse(`${base}/api/notifications/stream`, { ...admin.auth, 'last-event-id': seen.id! });
    await resumed.next((e) => e.event === 'snapshot');
    const vendor = await resumed.next(isNotification('vendor_application', 'New vendor application'));
    const annual = await resumed.next(isNotification('lead_inquiry', 'Annual Day'));
    expect(vendor.id).not.toBe(seen.id);
    expect(annual.id).not.toBe(seen.id);
    resumed.close();
  }, 30_000);

  it('hears of a mark-read from another tab as a new unread count', async () => {
    const stream = await openSse(`${base}/api/notifications/stream`, admin.auth);
    const snapshot = live(await stream.next((e) => e.event === 'snapshot'));
    expect(snapshot.unread).toBeGreaterThan(0);
    await t.app.inject({ method: 'POST', url: '/api/admin/notifications/read-all', headers: admin.auth });
    expect(live(await stream.next((e) => e.event === 'unread'))).toEqual({ type: 'unread', unread: 0 });
    stream.close();
  }, 30_000);

  it('is for admins and suppliers: 401 without a token, 403 for a customer', async () => {
    const customer = await makeActor(t.deps, 'customer');
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/stream' })).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'GET', url: '/api/notifications/stream', headers: customer.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to do this' });
    // Who asks is checked before what the address says: no input rule is shown to a caller who may not ask.
    const probe = '/api/notifications/stream?x=1';
    expect((await t.app.inject({ method: 'GET', url: probe })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: probe, headers: customer.auth })).statusCode).toBe(403);
  });
});

describe('notifications.live (tRPC subscription over SSE)', () => {
  const url = (at: string) => `${at}/api/trpc/notifications.live?input=${encodeURIComponent(JSON.stringify({}))}`;

  it('reaches a supplier on another instance when the admin invites it on this one', async () => {
    const supplier = await makeSupplier(t.deps);
    const stream = await openSse(url(secondBase), supplier.auth);
    expect(stream.status).toBe(200);
    const first = await stream.next((e) => e.event === 'message');
    expect(JSON.parse(first.data)).toEqual({ type: 'snapshot', unread: 0 });

    const booking = await postInquiry('Product Launch - Narmada Tech');
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/projects?booking_id=${booking.json().id}&supplier_ids=${supplier.supplierId}`,
      headers: admin.auth,
    });
    expect(assigned.statusCode).toBeLessThan(300);
    const invited = await stream.next((e) => e.event === 'message' && e.data.includes('project_invitation'));
    expect(JSON.parse(invited.data)).toMatchObject({
      type: 'notification',
      unread: 1,
      notification: { kind: 'project_invitation', message: expect.stringContaining('Product Launch') },
    });
    expect(invited.id).toBe(JSON.parse(invited.data).notification.id);
    stream.close();

    // Resuming with the last id on the first instance sends nothing old again, only the snapshot.
    const resumed = await openSse(url(base), { ...supplier.auth, 'last-event-id': invited.id! });
    expect(JSON.parse((await resumed.next((e) => e.event === 'message')).data)).toEqual({
      type: 'snapshot',
      unread: 1,
    });
    resumed.close();
  }, 30_000);

  it('refuses a customer with an error event and no data (tRPC answers a stream with its errors inside)', async () => {
    const customer = await makeActor(t.deps, 'customer');
    const res = await fetch(url(base), { headers: { accept: 'text/event-stream', ...customer.auth } });
    const body = await res.text();
    expect(body).toContain('event: serialized-error');
    expect(body).toContain('"code":"FORBIDDEN","httpStatus":403');
    expect(body).not.toContain('snapshot');
  });
});
