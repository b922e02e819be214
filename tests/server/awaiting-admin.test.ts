import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, notifications, projects } from '../../src/server/db/schema';
import { announceProjectChange, awardDueProjects, awardProject } from '../../src/server/modules/projects/award.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { makeBooking, makeProject, makeSupplier } from './helpers/projects';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

/**
 * A project the auto-assign parked for an admin because its lowest bid is flagged (docs/product.md#supplier-bids):
 * the admin's answers say so, "Close quotes now" says the quotes are already closed, completing the booking closes
 * it, and new invitees put it back into the sweep.
 */
const { t, admin, secondAdmin } = setUpSuite({ admin: 'admin', secondAdmin: 'admin' }, { timeout: 240_000 });

async function alertsOf(projectId: string, kind = 'project_bids_flagged') {
  return t.deps.db
    .select({ userId: notifications.userId, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.projectId, projectId), eq(notifications.kind, kind)));
}

async function rowOf(projectId: string) {
  const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, projectId));
  return row!;
}

/** An open project whose lowest bid (₹1,000) is below the floor, parked by the auto-assign at `parkedAt`. */
async function parkedProject(bookingOverrides: Parameters<typeof makeBooking>[1] = {}, parkedAt = new Date()) {
  // ₹3,60,000 before GST: a ₹2,52,000 supplier budget with its floor at ₹1,00,800.
  const booking = await makeBooking(t.deps, {
    subtotalPaise: 3_60_000_00,
    gstPaise: 64_800_00,
    finalAmountPaise: 4_24_800_00,
    ...bookingOverrides,
  });
  const [cheap, fair] = [
    await makeSupplier(t.deps, { businessName: 'Sasta Caterers' }),
    await makeSupplier(t.deps, { businessName: 'Theek Caterers' }),
  ];
  const project = await makeProject(t.deps, {
    bookingId: booking.id,
    supplierIds: [cheap.supplierId, fair.supplierId],
    quotes: [
      [cheap.supplierId, 1000],
      [fair.supplierId, 240000],
    ],
    autoAssignDate: new Date(parkedAt.getTime() - 1000),
  });
  expect(await awardProject(t.deps, project.id, parkedAt)).toMatchObject({ status: 'open', rule: 'flagged_bid' });
  const asked = await alertsOf(project.id);
  expect(asked.map((n) => n.userId)).toEqual(expect.arrayContaining([admin.id, secondAdmin.id]));
  expect(asked.every((n) => n.readAt === null)).toBe(true);
  return { booking, project, cheap, fair };
}

describe('the admin’s project answers', () => {
  it('say since when a project waits for an admin, on both doors; null while it is in the sweep or closed', async () => {
    const parkedAt = new Date(Date.now() - 60_000);
    const { booking, project, fair } = await parkedProject({}, parkedAt);

    const rest = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: admin.auth });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'open', awaiting_admin_since: parkedAt.toISOString() });
    const forBooking = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}/project`,
      headers: admin.auth,
    });
    expect(forBooking.json()).toMatchObject({ awaiting_admin_since: parkedAt.toISOString() });
    const trpc = await t.caller({ token: admin.token }).admin.projects.forBooking({ booking_id: booking.id });
    expect(trpc).toMatchObject({ status: 'open', awaiting_admin_since: parkedAt.toISOString() });

    const waitingForQuotes = await makeProject(t.deps, {
      supplierIds: [fair.supplierId],
      autoAssignDate: new Date(Date.now() + 3_600_000),
    });
    const open = await t.caller({ token: admin.token }).admin.projects.get({ project_id: waitingForQuotes.id });
    expect(open).toMatchObject({ status: 'open', awaiting_admin_since: null });
    // The supplier's Projects list in the Suppliers tab says the same of each project, on both doors.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/suppliers/${fair.supplierId}/projects`,
      headers: admin.auth,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const sinceOf = (list: { id: string; awaiting_admin_since: string | null }[]) =>
      Object.fromEntries(list.map((p) => [p.id, p.awaiting_admin_since]));
    expect(sinceOf(listed.json())).toEqual({ [project.id]: parkedAt.toISOString(), [waitingForQuotes.id]: null });
    const listedTrpc = await t.caller({ token: admin.token }).admin.suppliers.projects({ id: fair.supplierId });
    expect(sinceOf(listedTrpc)).toEqual(sinceOf(listed.json()));

    await t
      .caller({ token: admin.token })
      .admin.projects.award({ project_id: project.id, supplier_id: fair.supplierId });
    const awarded = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: admin.auth });
    expect(awarded.json()).toMatchObject({ status: 'awarded', awaiting_admin_since: null });
    const afterAward = await t.caller({ token: admin.token }).admin.suppliers.projects({ id: fair.supplierId });
    expect(afterAward.find((p) => p.id === project.id)).toMatchObject({
      status: 'awarded',
      awaiting_admin_since: null,
    });
  });
});

describe('"Close quotes now" on a project waiting for an admin', () => {
  it('answers 409 saying the quotes are closed and the project is to be awarded by hand, and changes nothing', async () => {
    const { project } = await parkedProject();
    const before = await rowOf(project.id);
    const alertsBefore = await alertsOf(project.id);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/close-quotes`,
      headers: admin.auth,
    });

    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      detail:
        'The quotes for this project are already closed: its lowest quote (₹1,000 from Sasta Caterers) is below ' +
        'the floor of the ₹2,52,000 supplier budget, so it waits for an admin to award it by hand.',
    });
    const after = await rowOf(project.id);
    expect(after).toMatchObject({ status: 'open', autoAssignDate: before.autoAssignDate });
    expect(after.awaitingAdminAt).toEqual(before.awaitingAdminAt);
    expect(await alertsOf(project.id)).toHaveLength(alertsBefore.length);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, project.id));
    expect(audit.map((a) => a.action)).toEqual(['project.award_needs_admin']);
  });
});

describe('a booking completed while its project waits for an admin', () => {
  it('closes the project as cancelled, tells its invitees and reads the "Award by hand" alerts', async () => {
    const { booking, project, cheap, fair } = await parkedProject({
      status: 'in_progress',
      eventDate: addDays(todayInIndia(), -1),
    });

    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${booking.id}/status`,
      headers: admin.auth,
      payload: { status: 'completed' },
    });

    expect(done.statusCode, done.body).toBe(200);
    expect(await rowOf(project.id)).toMatchObject({ status: 'cancelled' });
    const alerts = await alertsOf(project.id);
    expect(alerts.length).toBeGreaterThanOrEqual(2);
    expect(alerts.every((n) => n.readAt !== null)).toBe(true);
    const told = await t.deps.db
      .select({ supplierId: notifications.supplierId })
      .from(notifications)
      .where(and(eq(notifications.projectId, project.id), eq(notifications.kind, 'project_cancelled')));
    expect(told.map((n) => n.supplierId).sort()).toEqual([cheap.supplierId, fair.supplierId].sort());
    // The suppliers read that the event took place, not that it was called off.
    const mails = await outboxMails(t.deps, { bookingId: booking.id, template: 'project_cancelled' });
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toMatch(/^Closed: /);
      expect(mail.textBody).toContain('because the event has taken place');
      expect(mail.textBody).not.toContain('no longer going ahead');
    }
    // Nothing is left for the sweep, nor for an admin to award.
    expect((await awardDueProjects(t.deps)).results.map((r) => r.project_id)).not.toContain(project.id);
    const award = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/award`,
      headers: admin.auth,
      payload: { supplier_id: fair.supplierId },
    });
    expect(award.statusCode).toBe(409);
  });
});

describe('a date change while a project waits for an admin', () => {
  it('leaves it waiting, and its invitees read that the team is choosing, not that it is awarded now', async () => {
    const { booking, project } = await parkedProject({ eventDate: addDays(todayInIndia(), 60) });
    const previousDate = booking.eventDate!;

    await t.deps.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(bookings)
        .set({ eventDate: addDays(todayInIndia(), 30) })
        .where(eq(bookings.id, booking.id))
        .returning();
      expect(await announceProjectChange(t.deps, tx, moved!, { kind: 'date', previousDate }, null)).toBe(2);
    });

    expect(await rowOf(project.id)).toMatchObject({ status: 'open' });
    expect((await rowOf(project.id)).awaitingAdminAt).not.toBeNull();
    const mails = await outboxMails(t.deps, { bookingId: booking.id, template: 'project_date_changed' });
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.textBody).toContain('our team is choosing its supplier');
      expect(mail.textBody).not.toContain('awarded now');
    }
    // Still the admins' to award: the alert stays until they do.
    expect((await alertsOf(project.id)).every((n) => n.readAt === null)).toBe(true);
  });
});

describe('new suppliers invited to a project waiting for an admin', () => {
  it('put it back into the sweep with an hour to quote, and the award rule runs again at that date', async () => {
    const { booking, project, cheap } = await parkedProject();
    const newcomer = await makeSupplier(t.deps, { businessName: 'Naya Caterers' });
    const invitedAt = Date.now();

    const assigned = await t
      .caller({ token: secondAdmin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [newcomer.supplierId] });

    expect(assigned).toMatchObject({ project_id: project.id, invited: [newcomer.supplierId] });
    const reopened = await rowOf(project.id);
    expect(reopened).toMatchObject({ status: 'open', awaitingAdminAt: null });
    expect(reopened.autoAssignDate.getTime()).toBeGreaterThanOrEqual(invitedAt + 3_600_000);
    expect(new Date(assigned.auto_assign_date)).toEqual(reopened.autoAssignDate);
    // Nothing is for an admin to decide until the new date.
    expect((await alertsOf(project.id)).every((n) => n.readAt !== null)).toBe(true);
    const view = await t.caller({ token: admin.token }).admin.projects.get({ project_id: project.id });
    expect(view.awaiting_admin_since).toBeNull();

    // The quotes are open again: the newcomer quotes, and the flagged bidder revises to a fair price.
    const submit = (auth: { authorization: string }, amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/supplier/quote-submit',
        headers: auth,
        payload: { booking_id: booking.id, quoted_amount: amount, notes: '', items: [] },
      });
    expect((await submit(newcomer.auth, 200000)).statusCode).toBe(201);
    const revised = await submit(cheap.auth, 230000);
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json()).toMatchObject({ revised: true });

    const later = new Date(reopened.autoAssignDate.getTime() + 1000);
    const sweep = await awardDueProjects(t.deps, later);
    expect(sweep.results.find((r) => r.project_id === project.id)).toMatchObject({
      status: 'awarded',
      rule: 'lowest_quote',
      supplier_id: newcomer.supplierId,
      amount: 200000,
    });
  });

  it('asks the admins again when the flagged bid is still the lowest at the new date', async () => {
    const { booking, project } = await parkedProject();
    const newcomer = await makeSupplier(t.deps);
    await t
      .caller({ token: admin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [newcomer.supplierId] });
    const before = await alertsOf(project.id);

    const later = new Date((await rowOf(project.id)).autoAssignDate.getTime() + 1000);
    const sweep = await awardDueProjects(t.deps, later);

    expect(sweep.results.find((r) => r.project_id === project.id)).toMatchObject({
      status: 'open',
      rule: 'flagged_bid',
    });
    expect((await rowOf(project.id)).awaitingAdminAt).toEqual(later);
    const after = await alertsOf(project.id);
    expect(after.length).toBe(before.length * 2);
    expect(after.filter((n) => n.readAt === null).map((n) => n.userId)).toEqual(
      expect.arrayContaining([admin.id, secondAdmin.id]),
    );
  });

  it('leaves it waiting when every supplier named was invited already', async () => {
    const { booking, project, fair } = await parkedProject();
    const before = await rowOf(project.id);

    const assigned = await t
      .caller({ token: admin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [fair.supplierId] });

    expect(assigned).toMatchObject({ invited: [], already_invited: [fair.supplierId] });
    expect(await rowOf(project.id)).toMatchObject({
      awaitingAdminAt: before.awaitingAdminAt,
      autoAssignDate: before.autoAssignDate,
    });
    expect((await alertsOf(project.id)).every((n) => n.readAt === null)).toBe(true);
  });
});
