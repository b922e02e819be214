import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, projectInvitations, projects, supplierQuotes } from '../../src/server/db/schema';
import { assignSuppliers, computeAutoAssignDate } from '../../src/server/modules/projects/projects.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { formatLongDate } from '../../src/shared/dates';
import { makeBooking, makeSupplier, type MadeSupplier } from './helpers/projects';
import { codeOf, outboxMails } from './helpers/fixtures';
import { setUpSuite } from './helpers/suite';

const { t, admin, customer } = setUpSuite({ admin: 'admin', customer: 'customer' });
let shahi: MadeSupplier;
let malwa: MadeSupplier;
let nimbu: MadeSupplier;

beforeAll(async () => {
  shahi = await makeSupplier(t.deps, { businessName: 'Shahi Rasoi', rating: 4.6 });
  malwa = await makeSupplier(t.deps, { businessName: 'Malwa Caterers', rating: 4.2 });
  nimbu = await makeSupplier(t.deps, { businessName: 'Nimbu Events', rating: 3.9 });
});

const assign = (bookingId: string, supplierIds: string[] | string, headers: Record<string, string> = admin.auth) =>
  t.app.inject({
    method: 'POST',
    url:
      `/api/projects?booking_id=${bookingId}` +
      `&supplier_ids=${Array.isArray(supplierIds) ? supplierIds.join(',') : supplierIds}`,
    headers,
  });

const rowsFor = async (bookingId: string) => {
  const ps = await t.deps.db.select().from(projects).where(eq(projects.bookingId, bookingId));
  const ids = ps.map((p) => p.id);
  return {
    projects: ps,
    invitations: ids.length
      ? await t.deps.db.select().from(projectInvitations).where(inArray(projectInvitations.projectId, ids))
      : [],
    notifications: ids.length
      ? await t.deps.db.select().from(notifications).where(inArray(notifications.projectId, ids))
      : [],
  };
};

describe('POST /api/projects (assign suppliers)', () => {
  it('opens a project, invites each supplier, notifies them and queues an e-mail to each', async () => {
    const booking = await makeBooking(t.deps, {
      eventName: 'Rao Sangeet Night',
      eventDate: addDays(todayInIndia(), 20),
    });
    const before = Date.now();
    const res = await assign(booking.id, [shahi.supplierId, malwa.supplierId]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      project_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      booking_id: booking.id,
      auto_assign_date: expect.any(String),
      invited: [shahi.supplierId, malwa.supplierId],
      already_invited: [],
    });
    // 48 hours from now: the event is far enough away.
    const at = Date.parse(body.auto_assign_date);
    expect(at).toBeGreaterThanOrEqual(before + 48 * 3600_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 48 * 3600_000);

    const rows = await rowsFor(booking.id);
    expect(rows.projects).toMatchObject([{ id: body.project_id, status: 'open', awardedSupplierId: null }]);
    expect(rows.invitations.map((i) => i.supplierId).sort()).toEqual([shahi.supplierId, malwa.supplierId].sort());
    const message = `New project: Rao Sangeet Night on ${formatLongDate(booking.eventDate!)} — submit your quote`;
    expect(rows.notifications).toHaveLength(2);
    for (const s of [shahi, malwa]) {
      expect(rows.notifications).toContainEqual(
        expect.objectContaining({
          supplierId: s.supplierId,
          userId: s.id,
          kind: 'project_invitation',
          message,
          readAt: null,
          projectId: body.project_id,
        }),
      );
      const mails = await outboxMails(t.deps, { to: s.email, template: 'project_invitation' });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(message);
      expect(mails[0]!.textBody).toContain('Quotes close on');
      expect(mails[0]!.textBody).toContain('Guests: 250');
    }
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, body.project_id));
    expect(audit.map((a) => a.action).sort()).toEqual(['project.opened', 'project.suppliers_invited']);
  });

  it('reuses the open project, keeps its date and skips suppliers already invited', async () => {
    const booking = await makeBooking(t.deps);
    const first = (await assign(booking.id, [shahi.supplierId])).json();
    const again = await assign(booking.id, [shahi.supplierId, nimbu.supplierId]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      project_id: first.project_id,
      booking_id: booking.id,
      auto_assign_date: first.auto_assign_date,
      invited: [nimbu.supplierId],
      already_invited: [shahi.supplierId],
    });
    const rows = await rowsFor(booking.id);
    expect(rows.projects).toHaveLength(1);
    expect(rows.invitations).toHaveLength(2);
    expect(rows.notifications.filter((n) => n.supplierId === shahi.supplierId)).toHaveLength(1);

    // Everyone already invited: nothing new is written.
    const third = await assign(booking.id, `${nimbu.supplierId}&supplier_ids=${shahi.supplierId}`);
    expect(third.statusCode).toBe(200);
    expect(third.json()).toMatchObject({ invited: [], already_invited: [nimbu.supplierId, shahi.supplierId] });
    expect((await rowsFor(booking.id)).notifications).toHaveLength(2);
  });

  it('gives new invitees at least an hour when the open project is nearly due', async () => {
    const booking = await makeBooking(t.deps);
    const { project_id } = (await assign(booking.id, [shahi.supplierId])).json();
    await t.deps.db
      .update(projects)
      .set({ autoAssignDate: new Date(Date.now() + 5 * 60_000) })
      .where(eq(projects.id, project_id));
    const before = Date.now();
    const res = (await assign(booking.id, [malwa.supplierId])).json();
    expect(Date.parse(res.auto_assign_date)).toBeGreaterThanOrEqual(before + 3600_000);
    // Re-sending only the suppliers already invited changes nothing.
    const same = (await assign(booking.id, [malwa.supplierId])).json();
    expect(same.auto_assign_date).toBe(res.auto_assign_date);
  });

  it('opens one project when two admins assign the same booking at once', async () => {
    const booking = await makeBooking(t.deps);
    const answers = await Promise.all([assign(booking.id, [shahi.supplierId]), assign(booking.id, [malwa.supplierId])]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => a.json().project_id)).size).toBe(1);
    expect((await rowsFor(booking.id)).invitations).toHaveLength(2);
  });

  it.each<[string, { approval?: 'pending' | 'rejected' | 'approved'; supplierActive?: boolean }, string]>([
    ['awaiting approval', { approval: 'pending' }, 'awaiting approval'],
    ['rejected', { approval: 'rejected' }, 'rejected'],
    ['approved but inactive', { approval: 'approved', supplierActive: false }, 'inactive'],
  ])('refuses the whole call when a supplier is %s, naming it, and writes nothing', async (_label, state, reason) => {
    const booking = await makeBooking(t.deps);
    const bad = await makeSupplier(t.deps, { ...state, businessName: `Bad Bawarchi ${reason}` });
    const outboxBefore = (await outboxMails(t.deps, {})).length;
    const res = await assign(booking.id, [shahi.supplierId, bad.supplierId]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: `Only active, approved suppliers can be assigned: Bad Bawarchi ${reason} (${reason})`,
    });
    const rows = await rowsFor(booking.id);
    expect(rows.projects).toHaveLength(0);
    expect((await outboxMails(t.deps, {})).length).toBe(outboxBefore);
  });

  it('names every refused supplier in one detail string', async () => {
    const booking = await makeBooking(t.deps);
    const a = await makeSupplier(t.deps, { approval: 'pending', businessName: 'Alpha Foods' });
    const b = await makeSupplier(t.deps, { supplierActive: false, businessName: 'Beta Tiffins' });
    const res = await assign(booking.id, [a.supplierId, shahi.supplierId, b.supplierId]);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Only active, approved suppliers can be assigned: Alpha Foods (awaiting approval), Beta Tiffins (inactive)',
    );
  });

  it('refuses unknown suppliers and bookings with 404', async () => {
    const booking = await makeBooking(t.deps);
    const ghost = '3b241101-e2bb-4255-8caf-4136c566a962';
    const res = await assign(booking.id, [shahi.supplierId, ghost]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: `Supplier not found: ${ghost}` });
    expect((await rowsFor(booking.id)).projects).toHaveLength(0);

    const noBooking = await assign(ghost, [shahi.supplierId]);
    expect(noBooking.statusCode).toBe(404);
    expect(noBooking.json()).toEqual({ detail: 'Booking not found' });
  });

  it.each(['cancelled', 'completed'] as const)('refuses a %s booking with 409', async (status) => {
    // Today: a booking is completed on its event day at the earliest, and today is not yet past.
    const booking = await makeBooking(t.deps, { status, eventDate: todayInIndia() });
    const res = await assign(booking.id, [shahi.supplierId]);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(`This booking is ${status}; suppliers cannot be assigned to it`);
    expect((await rowsFor(booking.id)).projects).toHaveLength(0);
  });

  it('refuses a booking whose event date has passed', async () => {
    const booking = await makeBooking(t.deps, { eventDate: addDays(todayInIndia(), -1), status: 'confirmed' });
    const res = await assign(booking.id, [shahi.supplierId]);
    expect(res.statusCode).toBe(409);
  });

  it('takes no body, and accepts an empty body labelled JSON', async () => {
    const booking = await makeBooking(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects?booking_id=${booking.id}&supplier_ids=${shahi.supplierId}`,
      headers: { ...admin.auth, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(201);
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/projects?booking_id=${booking.id}&supplier_ids=${shahi.supplierId}`,
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'Malformed JSON body' });
  });

  it('answers 422 for missing or malformed query values', async () => {
    const booking = await makeBooking(t.deps);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/projects?booking_id=${booking.id}`,
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['query', 'supplier_ids'], msg: 'Please select a supplier' });
    const bad = await assign('not-a-uuid', [shahi.supplierId]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['query', 'booking_id']);
    const badSupplier = await assign(booking.id, 'abc');
    expect(badSupplier.statusCode).toBe(422);
    expect(badSupplier.json().detail[0].loc).toEqual(['query', 'supplier_ids', 0]);
  });

  it('sets the auto-assign date 24 hours before the event when that comes first, and never in the past', async () => {
    const now = new Date('2031-03-10T06:30:00Z'); // 12:00 IST
    const soon = await makeBooking(t.deps, { eventDate: '2031-03-12' });
    const a = await assignSuppliers(t.deps, { booking_id: soon.id, supplier_ids: [shahi.supplierId] }, admin.id, now);
    // 00:00 IST on 12 March minus 24 h = 00:00 IST on 11 March = 18:30 UTC on 10 March.
    expect(a.auto_assign_date).toBe('2031-03-10T18:30:00.000Z');

    const tomorrow = await makeBooking(t.deps, { eventDate: '2031-03-11' });
    const b = await assignSuppliers(
      t.deps,
      { booking_id: tomorrow.id, supplier_ids: [shahi.supplierId] },
      admin.id,
      now,
    );
    expect(b.auto_assign_date).toBe('2031-03-10T07:30:00.000Z'); // now + 1 h
    expect(computeAutoAssignDate(now, null).toISOString()).toBe('2031-03-12T06:30:00.000Z');
  });
});

describe('admin project reads and the role matrix', () => {
  it('shows invitees and their quotes side by side, cheapest first, with the countdown', async () => {
    const booking = await makeBooking(t.deps, { eventName: 'Agarwal Reception' });
    const { project_id } = (await assign(booking.id, [nimbu.supplierId, shahi.supplierId, malwa.supplierId])).json();
    await t.deps.db.insert(supplierQuotes).values([
      { projectId: project_id, supplierId: malwa.supplierId, amountPaise: 41_000_050, notes: 'Live dosa counter' },
      { projectId: project_id, supplierId: shahi.supplierId, amountPaise: 39_500_000, notes: null },
    ]);

    const res = await t.app.inject({ method: 'GET', url: `/api/projects/${project_id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: project_id,
      booking_id: booking.id,
      status: 'open',
      awarded_supplier_id: null,
      quote_count: 2,
      lowest_amount: 395000,
      booking: {
        event_name: 'Agarwal Reception',
        client_name: 'Meera Joshi',
        guest_count: 250,
        final_amount: 450000,
        status: 'quoted',
      },
    });
    expect(body.seconds_until_auto_assign).toBeGreaterThan(47 * 3600);
    expect(body.seconds_until_auto_assign).toBeLessThanOrEqual(48 * 3600);
    expect(body.suppliers.map((s: { business_name: string }) => s.business_name)).toEqual([
      'Shahi Rasoi',
      'Malwa Caterers',
      'Nimbu Events',
    ]);
    expect(body.suppliers[0]).toMatchObject({
      supplier_id: shahi.supplierId,
      rating: 4.6,
      is_winner: false,
      quote: { amount: 395000, notes: null, items: [], submitted_at: expect.any(String) },
    });
    expect(body.suppliers[1].quote).toMatchObject({ amount: 410000.5, notes: 'Live dosa counter' });
    expect(body.suppliers[2].quote).toBeNull();

    const viaTrpc = await t.caller({ token: admin.token }).admin.projects.get({ project_id });
    expect(viaTrpc.suppliers).toHaveLength(3);
  });

  it("answers the booking's project, or 404 before there is one", async () => {
    const booking = await makeBooking(t.deps);
    const none = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}/project`, headers: admin.auth });
    expect(none.statusCode).toBe(404);
    expect(await t.caller({ token: admin.token }).admin.projects.forBooking({ booking_id: booking.id })).toBeNull();

    const { project_id } = await t
      .caller({ token: admin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [malwa.supplierId] });
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}/project`,
      headers: admin.auth,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: project_id, suppliers: [{ supplier_id: malwa.supplierId }] });

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/projects/3b241101-e2bb-4255-8caf-4136c566a962',
      headers: admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Project not found' });
    const garbage = await t.app.inject({ method: 'GET', url: '/api/projects/nope', headers: admin.auth });
    expect(garbage.statusCode).toBe(404);
  });

  it('lets only admins at the project routes (REST and tRPC)', async () => {
    const booking = await makeBooking(t.deps);
    const { project_id } = (await assign(booking.id, [malwa.supplierId])).json();
    const routes = [
      { method: 'POST' as const, url: `/api/projects?booking_id=${booking.id}&supplier_ids=${shahi.supplierId}` },
      { method: 'GET' as const, url: `/api/projects/${project_id}` },
      { method: 'GET' as const, url: `/api/bookings/${booking.id}/project` },
      { method: 'POST' as const, url: `/api/projects/${project_id}/award`, payload: { supplier_id: malwa.supplierId } },
    ];
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      for (const who of [customer, shahi]) {
        const res = await t.app.inject({ ...route, headers: who.auth });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
    for (const who of [customer, shahi]) {
      const caller = t.caller({ token: who.token });
      expect(
        await codeOf(caller.admin.projects.assign({ booking_id: booking.id, supplier_ids: [shahi.supplierId] })),
      ).toBe('FORBIDDEN');
      expect(await codeOf(caller.admin.projects.get({ project_id }))).toBe('FORBIDDEN');
      expect(await codeOf(caller.admin.projects.forBooking({ booking_id: booking.id }))).toBe('FORBIDDEN');
      expect(await codeOf(caller.admin.projects.award({ project_id, supplier_id: malwa.supplierId }))).toBe(
        'FORBIDDEN',
      );
    }
    expect(await codeOf(t.caller().admin.projects.get({ project_id }))).toBe('UNAUTHORIZED');
    // Nothing changed on the way.
    expect((await rowsFor(booking.id)).invitations).toHaveLength(1);
    expect((await rowsFor(booking.id)).projects[0]!.status).toBe('open');
  });

  it('maps the service refusals to tRPC codes with the same detail', async () => {
    const booking = await makeBooking(t.deps, { status: 'cancelled' });
    await expect(
      t
        .caller({ token: admin.token })
        .admin.projects.assign({ booking_id: booking.id, supplier_ids: [shahi.supplierId] }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This booking is cancelled; suppliers cannot be assigned to it',
    });
    const pending = await makeSupplier(t.deps, { approval: 'pending', businessName: 'Gamma Grills' });
    const open = await makeBooking(t.deps);
    await expect(
      t
        .caller({ token: admin.token })
        .admin.projects.assign({ booking_id: open.id, supplier_ids: [pending.supplierId] }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Only active, approved suppliers can be assigned: Gamma Grills (awaiting approval)',
    });
    expect(
      await codeOf(t.caller({ token: admin.token }).admin.projects.assign({ booking_id: open.id, supplier_ids: [] })),
    ).toBe('BAD_REQUEST');
  });
});
