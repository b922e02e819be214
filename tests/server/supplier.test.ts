import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, projects, supplierQuotes, suppliers } from '../../src/server/db/schema';
import { awardProject } from '../../src/server/modules/projects/award.service';
import { assignSuppliers } from '../../src/server/modules/projects/projects.service';
import type { BookingStatus } from '../../src/shared/domain';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { makeBooking, makeProject, makeSupplier, type MadeSupplier } from './helpers/projects';
import { codeOf } from './helpers/fixtures';
import { setUpSuite } from './helpers/suite';

const { t, admin, customer } = setUpSuite({ admin: 'admin', customer: 'customer' });

const get = (url: string, who: { auth: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url, headers: who.auth });
const post = (url: string, who: { auth: Record<string, string> }, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, ...(payload && { payload }) });
const submit = (who: MadeSupplier, payload: Record<string, unknown>) =>
  post('/api/supplier/quote-submit', who, payload);

/** A booking put out to the given suppliers through the real service, as an admin would. */
async function invite(
  suppliers: MadeSupplier[],
  bookingOverrides: Parameters<typeof makeBooking>[1] = {},
  now = new Date(),
) {
  const booking = await makeBooking(t.deps, bookingOverrides);
  const result = await assignSuppliers(
    t.deps,
    { booking_id: booking.id, supplier_ids: suppliers.map((s) => s.supplierId) },
    admin.id,
    now,
  );
  return { booking, projectId: result.project_id };
}

describe('supplier notifications', () => {
  it('lists only my notifications, unread first then newest, and marks them read', async () => {
    const me = await makeSupplier(t.deps);
    const other = await makeSupplier(t.deps);
    const first = await invite([me, other], { eventName: 'First Event' });
    const second = await invite([me], { eventName: 'Second Event' });

    const list = await get('/api/supplier/notifications', me);
    expect(list.statusCode).toBe(200);
    const items = list.json();
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      id: expect.any(String),
      kind: 'project_invitation',
      message: expect.stringMatching(/^New project: Second Event on .+ — submit your quote$/),
      project_id: second.projectId,
      read: false,
      created_at: expect.any(String),
    });
    expect(items[1].project_id).toBe(first.projectId);

    // Reading the newest moves it below the unread one.
    const read = await post(`/api/supplier/notifications/${items[0].id}/read`, me);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ id: items[0].id, read: true });
    const after = (await get('/api/supplier/notifications', me)).json();
    expect(after.map((n: { project_id: string; read: boolean }) => [n.project_id, n.read])).toEqual([
      [first.projectId, false],
      [second.projectId, true],
    ]);
    expect((await t.caller({ token: me.token }).supplier.dashboard()).unread_notifications).toBe(1);

    // Reading twice is fine; someone else's notification is the same 404 as a missing one.
    expect((await post(`/api/supplier/notifications/${items[0].id}/read`, me)).statusCode).toBe(200);
    const otherList = (await get('/api/supplier/notifications', other)).json();
    expect(otherList).toHaveLength(1);
    const foreign = await post(`/api/supplier/notifications/${items[1].id}/read`, other);
    const missing = await post('/api/supplier/notifications/3b241101-e2bb-4255-8caf-4136c566a962/read', other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await post('/api/supplier/notifications/zzz/read', other)).statusCode).toBe(404);
    const [stillUnread] = await t.deps.db.select().from(notifications).where(eq(notifications.id, items[1].id));
    expect(stillUnread!.readAt).toBeNull();

    // Mark all read, through tRPC this time.
    expect(await t.caller({ token: me.token }).supplier.notifications.markAllRead()).toEqual({ updated: 1 });
    expect((await t.caller({ token: me.token }).supplier.notifications.list()).every((n) => n.read)).toBe(true);
    expect((await t.caller({ token: me.token }).supplier.dashboard()).unread_notifications).toBe(0);
    expect((await t.caller({ token: other.token }).supplier.dashboard()).unread_notifications).toBe(1);
  });

  it('answers at most 50 notifications', async () => {
    const me = await makeSupplier(t.deps);
    await t.deps.db.insert(notifications).values(
      Array.from({ length: 55 }, (_, i) => ({
        supplierId: me.supplierId,
        kind: 'project_invitation',
        message: `n${i}`,
        createdAt: new Date(Date.now() - i * 1000),
      })),
    );
    const items = (await get('/api/supplier/notifications', me)).json();
    expect(items).toHaveLength(50);
    expect(items[0].message).toBe('n0');
  });
});

describe('supplier projects', () => {
  it('lists only the projects I am invited to, newest first, with the booking details and my quote', async () => {
    const me = await makeSupplier(t.deps);
    const other = await makeSupplier(t.deps);
    const older = await invite(
      [me],
      { eventName: 'Older Event', eventType: 'corporate', subtotalPaise: 4_00_000_00 },
      new Date(Date.now() - 60_000),
    );
    const inquiry = await invite([me], {
      eventName: 'Inquiry Event',
      finalAmountPaise: null,
      requirements: { budget_range: '₹1-2 lakh' },
      guestCount: 80,
      venueName: null,
    });
    await invite([other], { eventName: 'Not Mine' });

    const res = await get('/api/supplier/projects', me);
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.map((p: { booking_details: { event_name: string } }) => p.booking_details.event_name)).toEqual([
      'Inquiry Event',
      'Older Event',
    ]);
    expect(items[0]).toEqual({
      id: inquiry.projectId,
      booking_id: inquiry.booking.id,
      auto_assign_date: expect.any(String),
      status: 'open',
      booking_details: {
        event_name: 'Inquiry Event',
        client_name: 'Meera Joshi',
        event_type: 'wedding',
        event_date: inquiry.booking.eventDate,
        venue_name: null,
        // The customer's own budget range is not shown: suppliers see the supplier budget once there is a price.
        estimated_budget: null,
        requirements: { guest_count: 80, special_requests: null },
      },
      my_quote: null,
      outcome: 'open',
    });
    expect(items[1].booking_details).toMatchObject({
      event_type: 'corporate',
      venue_name: 'Sayaji Banquets',
      // 70% of the ₹4,00,000 taxable amount, not the ₹4,50,000 the customer pays.
      estimated_budget: 280000,
      requirements: { guest_count: 250, special_requests: 'Jain food counter' },
    });
    expect(items[1].id).toBe(older.projectId);
    // No client contact details reach suppliers.
    expect(JSON.stringify(items)).not.toContain('@example.in');

    const page = await get('/api/supplier/projects?limit=1&offset=1', me);
    expect(page.json().map((p: { id: string }) => p.id)).toEqual([older.projectId]);
    expect((await get('/api/supplier/projects?limit=0', me)).statusCode).toBe(422);
    expect((await get('/api/supplier/projects?limit=abc', me)).statusCode).toBe(422);
    expect(await t.caller({ token: me.token }).supplier.projects.list({ limit: 1 })).toHaveLength(1);

    expect(await t.caller({ token: me.token }).supplier.dashboard()).toEqual({
      active_projects: 2,
      unread_notifications: 2,
      estimated_revenue: 280000, // the supplier budgets, as the cards show them
      quotes_submitted: 0,
      won_projects: 0,
    });
  });
});

describe('supplier quotes', () => {
  it('submits a quote, then revises it (one row), and shows it on the project', async () => {
    const me = await makeSupplier(t.deps);
    const { booking, projectId } = await invite([me]);
    const first = await submit(me, {
      booking_id: booking.id,
      quoted_amount: 412500.5,
      notes: 'Includes live counters',
      items: [],
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      project_id: projectId,
      booking_id: booking.id,
      amount: 412500.5,
      notes: 'Includes live counters',
      submitted_at: expect.any(String),
      revised: false,
    });

    const revised = await submit(me, {
      booking_id: booking.id,
      quoted_amount: 399000,
      notes: '',
      items: [{ description: 'Buffet' }],
    });
    expect(revised.statusCode).toBe(200);
    expect(revised.json()).toMatchObject({ id: first.json().id, amount: 399000, notes: null, revised: true });

    const rows = await t.deps.db.select().from(supplierQuotes).where(eq(supplierQuotes.projectId, projectId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: 39_900_000, items: [{ description: 'Buffet' }] });

    const [card] = await t.caller({ token: me.token }).supplier.projects.list();
    expect(card!.my_quote).toEqual({ amount: 399000, notes: null, submitted_at: revised.json().submitted_at });
    expect((await t.caller({ token: me.token }).supplier.dashboard()).quotes_submitted).toBe(1);

    const viaTrpc = await t
      .caller({ token: me.token })
      .supplier.quotes.submit({ booking_id: booking.id, quoted_amount: 398999.99, notes: null, items: [] });
    expect(viaTrpc).toMatchObject({ amount: 398999.99, revised: true });
  });

  it.each<[string, unknown]>([
    ['zero', 0],
    ['a negative amount', -500],
    ['more than ₹10 crore', 100_000_000.01],
    ['three decimals', 1500.125],
    ['text', '25000'],
    ['nothing', undefined],
  ])('refuses %s with 422 naming quoted_amount', async (_label, amount) => {
    const me = await makeSupplier(t.deps);
    const { booking } = await invite([me]);
    const res = await submit(me, { booking_id: booking.id, quoted_amount: amount, notes: null, items: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'quoted_amount']);
    expect(
      await t.deps.db.select().from(supplierQuotes).where(eq(supplierQuotes.supplierId, me.supplierId)),
    ).toHaveLength(0);
  });

  it('accepts exactly ₹10 crore and paise', async () => {
    const me = await makeSupplier(t.deps);
    const { booking } = await invite([me]);
    expect((await submit(me, { booking_id: booking.id, quoted_amount: 100_000_000 })).statusCode).toBe(201);
    const paise = await submit(me, { booking_id: booking.id, quoted_amount: 0.05 });
    expect(paise.statusCode).toBe(200);
    expect(paise.json().amount).toBe(0.05);
  });

  it('refuses notes over 2,000 characters', async () => {
    const me = await makeSupplier(t.deps);
    const { booking } = await invite([me]);
    const res = await submit(me, { booking_id: booking.id, quoted_amount: 1000, notes: 'x'.repeat(2001) });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'notes']);
  });

  it("answers the same 404 for another supplier's project and for one that does not exist", async () => {
    const me = await makeSupplier(t.deps);
    const other = await makeSupplier(t.deps);
    const { booking } = await invite([other]);
    const foreign = await submit(me, { booking_id: booking.id, quoted_amount: 1000 });
    const missing = await submit(me, { booking_id: '3b241101-e2bb-4255-8caf-4136c566a962', quoted_amount: 1000 });
    const noProject = await submit(me, { booking_id: (await makeBooking(t.deps)).id, quoted_amount: 1000 });
    for (const res of [foreign, missing, noProject]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Project not found' });
    }
    await expect(
      t.caller({ token: me.token }).supplier.quotes.submit({ booking_id: booking.id, quoted_amount: 1000 }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
    expect(
      await t.deps.db.select().from(supplierQuotes).where(eq(supplierQuotes.supplierId, me.supplierId)),
    ).toHaveLength(0);
  });

  it('refuses quotes once the project is closed or its auto-assign date has passed (409)', async () => {
    const me = await makeSupplier(t.deps);
    const { booking, projectId } = await invite([me]);
    await t.deps.db
      .update(projects)
      .set({ autoAssignDate: new Date(Date.now() - 1000) })
      .where(eq(projects.id, projectId));
    const late = await submit(me, { booking_id: booking.id, quoted_amount: 1000 });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/^Quotes for this project closed on .+ IST$/);

    await awardProject(t.deps, projectId);
    const closed = await submit(me, { booking_id: booking.id, quoted_amount: 1000 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: 'This project is closed; quotes are no longer accepted' });
  });

  it('shows Won and Not selected once the project is awarded, and the counters follow', async () => {
    const a = await makeSupplier(t.deps);
    const b = await makeSupplier(t.deps);
    const { booking, projectId } = await invite([a, b]);
    expect((await submit(a, { booking_id: booking.id, quoted_amount: 300000 })).statusCode).toBe(201);
    expect((await submit(b, { booking_id: booking.id, quoted_amount: 280000 })).statusCode).toBe(201);
    await t.deps.db
      .update(projects)
      .set({ autoAssignDate: new Date(Date.now() - 1000) })
      .where(eq(projects.id, projectId));
    const result = await awardProject(t.deps, projectId);
    expect(result).toMatchObject({ status: 'awarded', supplier_id: b.supplierId, amount: 280000 });

    const [cardA] = (await get('/api/supplier/projects', a)).json();
    const [cardB] = (await get('/api/supplier/projects', b)).json();
    expect(cardA).toMatchObject({ status: 'awarded', outcome: 'not_selected', my_quote: { amount: 300000 } });
    expect(cardB).toMatchObject({ status: 'awarded', outcome: 'won', my_quote: { amount: 280000 } });

    const [newestB] = (await get('/api/supplier/notifications', b)).json();
    expect(newestB).toMatchObject({ kind: 'project_awarded', project_id: projectId, read: false });
    expect(newestB.message).toContain('has been awarded to you at your quote of ₹2,80,000');
    const notesA = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.supplierId, a.supplierId), eq(notifications.kind, 'project_not_selected')));
    expect(notesA).toHaveLength(1);

    // The won job is still ahead (its event is a month away), so it stays active work with its quote.
    expect(await t.caller({ token: b.token }).supplier.dashboard()).toEqual({
      active_projects: 1,
      unread_notifications: 2,
      estimated_revenue: 0,
      quotes_submitted: 1,
      won_projects: 1,
    });
    expect((await t.caller({ token: a.token }).supplier.dashboard()).active_projects).toBe(0);
  });

  it('counts a won project as active until its event day has passed or its booking is cancelled or completed', async () => {
    const me = await makeSupplier(t.deps);
    const other = await makeSupplier(t.deps);
    const today = todayInIndia();
    /** A project of a booking priced at ₹1,00,000 taxable (a ₹70,000 supplier budget), awarded to `winner`. */
    async function awarded(winner: MadeSupplier, eventDate: string | null, status: BookingStatus, quote = false) {
      const booking = await makeBooking(t.deps, { eventDate, status, subtotalPaise: 1_00_000_00 });
      const project = await makeProject(t.deps, {
        bookingId: booking.id,
        supplierIds: [me.supplierId, other.supplierId],
        quotes: quote ? [[me.supplierId, 65_000]] : [],
      });
      await t.deps.db
        .update(projects)
        .set({ status: 'awarded', awardedSupplierId: winner.supplierId, awardedAt: new Date() })
        .where(eq(projects.id, project.id));
    }
    await awarded(me, addDays(today, 10), 'confirmed', true); // active, quoted
    await awarded(me, today, 'in_progress'); // active: the event is today
    await awarded(me, null, 'confirmed'); // active: the date is still to be fixed
    await awarded(me, today, 'completed'); // done
    await awarded(me, addDays(today, -1), 'confirmed'); // the event has passed
    await awarded(me, addDays(today, 10), 'cancelled'); // will not go ahead
    await awarded(other, addDays(today, 10), 'confirmed'); // someone else's job
    await makeProject(t.deps, {
      bookingId: (await makeBooking(t.deps, { subtotalPaise: 1_00_000_00 })).id,
      supplierIds: [me.supplierId],
      autoAssignDate: new Date(Date.now() + 3_600_000),
    }); // open: active

    expect(await t.caller({ token: me.token }).supplier.dashboard()).toEqual({
      active_projects: 4,
      unread_notifications: 0,
      estimated_revenue: 280_000,
      quotes_submitted: 1,
      won_projects: 5,
    });
  });
});

describe('supplier routes: who may use them', () => {
  it('answers 401 without a token and 403 to customers and admins (REST and tRPC)', async () => {
    const me = await makeSupplier(t.deps);
    const { booking } = await invite([me]);
    const [note] = await t.deps.db.select().from(notifications).where(eq(notifications.supplierId, me.supplierId));
    const routes = [
      { method: 'GET' as const, url: '/api/supplier/notifications' },
      { method: 'POST' as const, url: `/api/supplier/notifications/${note!.id}/read` },
      { method: 'POST' as const, url: '/api/supplier/notifications/read-all' },
      { method: 'GET' as const, url: '/api/supplier/projects' },
      { method: 'GET' as const, url: '/api/supplier/dashboard' },
      {
        method: 'POST' as const,
        url: '/api/supplier/quote-submit',
        payload: { booking_id: booking.id, quoted_amount: 1000 },
      },
    ];
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode, `${route.url} anonymous`).toBe(401);
      expect((await t.app.inject({ ...route, headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
      for (const who of [customer, admin]) {
        expect((await t.app.inject({ ...route, headers: who.auth })).statusCode, `${route.url}`).toBe(403);
      }
      expect((await t.app.inject({ ...route, headers: me.auth })).statusCode, `${route.url} supplier`).toBeLessThan(
        300,
      );
    }
    for (const who of [customer, admin]) {
      const caller = t.caller({ token: who.token });
      expect(await codeOf(caller.supplier.dashboard())).toBe('FORBIDDEN');
      expect(await codeOf(caller.supplier.notifications.list())).toBe('FORBIDDEN');
      expect(await codeOf(caller.supplier.projects.list())).toBe('FORBIDDEN');
      expect(await codeOf(caller.supplier.quotes.submit({ booking_id: booking.id, quoted_amount: 1000 }))).toBe(
        'FORBIDDEN',
      );
    }
    expect(await codeOf(t.caller().supplier.notifications.list())).toBe('UNAUTHORIZED');
  });

  it('shuts out a supplier that is deactivated after its token was issued', async () => {
    const me = await makeSupplier(t.deps, { supplierActive: true });
    await t.deps.db.update(suppliers).set({ isActive: false }).where(eq(suppliers.id, me.supplierId));
    expect((await get('/api/supplier/projects', me)).statusCode).toBe(401);
  });
});
