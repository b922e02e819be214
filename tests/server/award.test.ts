import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, notifications, projects, suppliers, users } from '../../src/server/db/schema';
import { startAutoAssignRunner } from '../../src/server/jobs/auto-assign';
import { awardDueProjects, awardProject, awardProjectManually } from '../../src/server/modules/projects/award.service';
import type { MailTransport } from '../../src/server/mail/transport';
import { makeBooking, makeProject, makeSupplier, type MadeSupplier } from './helpers/projects';
import { createTestApp } from './helpers/test-app';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

const { t, admin, secondAdmin } = setUpSuite({ admin: 'admin', secondAdmin: 'admin' });

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function notesOf(projectId: string) {
  return t.deps.db.select().from(notifications).where(eq(notifications.projectId, projectId));
}
async function mailsTo(addresses: string[], template: string) {
  return outboxMails(t.deps, { to: addresses, template });
}

describe('the award rule', () => {
  it('awards the lowest quote and tells the winner and the others, without touching the booking', async () => {
    const [a, b, c] = [await makeSupplier(t.deps), await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const booking = await makeBooking(t.deps, { status: 'quoted', eventName: 'Khanna Mehendi' });
    const project = await makeProject(t.deps, {
      bookingId: booking.id,
      supplierIds: [a.supplierId, b.supplierId, c.supplierId],
      quotes: [
        [a.supplierId, 250000],
        [b.supplierId, 249999.99],
      ],
    });
    const result = await awardProject(t.deps, project.id);
    expect(result).toMatchObject({
      status: 'awarded',
      rule: 'lowest_quote',
      supplier_id: b.supplierId,
      amount: 249999.99,
    });

    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ status: 'awarded', awardedSupplierId: b.supplierId, awardedQuoteId: result!.quote_id });
    expect(row!.awardedAt).toBeInstanceOf(Date);

    const notes = await notesOf(project.id);
    expect(notes.filter((n) => n.kind === 'project_awarded').map((n) => n.supplierId)).toEqual([b.supplierId]);
    expect(
      notes
        .filter((n) => n.kind === 'project_not_selected')
        .map((n) => n.supplierId)
        .sort(),
    ).toEqual([a.supplierId, c.supplierId].sort());
    expect(notes.find((n) => n.kind === 'project_awarded')!.userId).toBe(b.id);
    expect(await mailsTo([b.email], 'project_awarded')).toHaveLength(1);
    expect(await mailsTo([a.email, c.email], 'project_not_selected')).toHaveLength(2);
    expect((await mailsTo([b.email], 'project_awarded'))[0]!.textBody).toContain('at your quote of ₹2,49,999.99');

    const [after] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.status).toBe('quoted');
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, project.id));
    expect(audit).toMatchObject([
      { action: 'project.awarded', data: { supplier_id: b.supplierId, rule: 'lowest_quote' } },
    ]);
  });

  it('breaks a tie by the higher rating, then by the earlier quote', async () => {
    const low = await makeSupplier(t.deps, { rating: 3.5 });
    const high = await makeSupplier(t.deps, { rating: 4.8 });
    const rated = await makeProject(t.deps, {
      supplierIds: [low.supplierId, high.supplierId],
      quotes: [
        [low.supplierId, 100000, minutesAgo(30)],
        [high.supplierId, 100000, minutesAgo(5)],
      ],
    });
    expect((await awardProject(t.deps, rated.id))!.supplier_id).toBe(high.supplierId);

    const early = await makeSupplier(t.deps, { rating: 4.5 });
    const late = await makeSupplier(t.deps, { rating: 4.5 });
    const timed = await makeProject(t.deps, {
      supplierIds: [late.supplierId, early.supplierId],
      quotes: [
        [late.supplierId, 100000, minutesAgo(5)],
        [early.supplierId, 100000, minutesAgo(6)],
      ],
    });
    expect((await awardProject(t.deps, timed.id))!.supplier_id).toBe(early.supplierId);
  });

  it('awards the only invitee when nobody quoted', async () => {
    const only = await makeSupplier(t.deps);
    const project = await makeProject(t.deps, { supplierIds: [only.supplierId] });
    expect(await awardProject(t.deps, project.id)).toMatchObject({
      status: 'awarded',
      rule: 'only_invitee',
      supplier_id: only.supplierId,
      quote_id: null,
      amount: null,
    });
    const notes = await notesOf(project.id);
    expect(notes).toMatchObject([{ kind: 'project_awarded', supplierId: only.supplierId }]);
    expect(notes[0]!.message).not.toContain('₹');
  });

  it('leaves a project without quotes and several invitees unassigned and tells every admin', async () => {
    const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const booking = await makeBooking(t.deps, { eventName: 'Sharma Griha Pravesh' });
    const project = await makeProject(t.deps, { bookingId: booking.id, supplierIds: [a.supplierId, b.supplierId] });
    expect(await awardProject(t.deps, project.id)).toMatchObject({
      status: 'unassigned',
      rule: 'no_quotes',
      supplier_id: null,
    });

    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ status: 'unassigned', awardedSupplierId: null });
    const admins = await t.deps.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    const notes = await notesOf(project.id);
    expect(notes).toHaveLength(admins.length);
    expect(notes.map((n) => n.userId).sort()).toEqual(admins.map((u) => u.id).sort());
    expect(notes.every((n) => n.kind === 'project_unassigned' && n.supplierId === null)).toBe(true);
    expect(notes[0]!.message).toContain('Sharma Griha Pravesh');
    expect(await mailsTo([admin.email, secondAdmin.email], 'project_unassigned')).toHaveLength(2);
    // The suppliers see the outcome on their cards.
    const [card] = await t.caller({ token: a.token }).supplier.projects.list();
    expect(card).toMatchObject({ id: project.id, outcome: 'unassigned' });

    // The booking can be put out again: a new project opens.
    const again = await t
      .caller({ token: admin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [a.supplierId] });
    expect(again.project_id).not.toBe(project.id);
  });

  it('shows each admin the unassigned project in their own notifications, which they mark read', async () => {
    const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const booking = await makeBooking(t.deps, { eventName: 'Joshi Mundan' });
    const project = await makeProject(t.deps, { bookingId: booking.id, supplierIds: [a.supplierId, b.supplierId] });
    await awardProject(t.deps, project.id);

    const mine = (await t.caller({ token: admin.token }).admin.notifications.list()).filter(
      (n) => n.project_id === project.id,
    );
    expect(mine).toMatchObject([{ kind: 'project_unassigned', booking_id: booking.id, read: false }]);
    expect(mine[0]!.message).toContain('Joshi Mundan');
    const theirs = (await t.caller({ token: secondAdmin.token }).admin.notifications.list()).find(
      (n) => n.project_id === project.id,
    )!;

    // Another admin's notification answers like a missing one.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/admin/notifications/${theirs.id}/read`,
      headers: admin.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Notification not found' });
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/admin/notifications/${mine[0]!.id}/read`,
      headers: admin.auth,
    });
    expect(read.json()).toEqual({ id: mine[0]!.id, read: true });
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: admin.auth });
    expect(listed.json().find((n: { id: string }) => n.id === mine[0]!.id)).toMatchObject({ read: true });
    expect(
      (await t.caller({ token: secondAdmin.token }).admin.notifications.list()).find((n) => n.id === theirs.id)!.read,
    ).toBe(false);

    expect((await t.caller({ token: secondAdmin.token }).admin.notifications.markAllRead()).updated).toBeGreaterThan(0);
    expect((await t.caller({ token: secondAdmin.token }).admin.notifications.list()).every((n) => n.read)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: a.auth })).statusCode).toBe(
      403,
    );
  });

  it('skips a quote from a supplier deactivated since it quoted', async () => {
    const gone = await makeSupplier(t.deps);
    const stays = await makeSupplier(t.deps);
    const project = await makeProject(t.deps, {
      supplierIds: [gone.supplierId, stays.supplierId],
      quotes: [
        [gone.supplierId, 1000],
        [stays.supplierId, 2000],
      ],
    });
    await t.deps.db.update(suppliers).set({ isActive: false }).where(eq(suppliers.id, gone.supplierId));
    expect((await awardProject(t.deps, project.id))!.supplier_id).toBe(stays.supplierId);
  });

  it('closes the project without an award when the booking was cancelled', async () => {
    const a = await makeSupplier(t.deps);
    const booking = await makeBooking(t.deps, { status: 'cancelled' });
    const project = await makeProject(t.deps, {
      bookingId: booking.id,
      supplierIds: [a.supplierId],
      quotes: [[a.supplierId, 5000]],
    });
    expect(await awardProject(t.deps, project.id)).toMatchObject({
      status: 'cancelled',
      rule: 'booking_closed',
      supplier_id: null,
    });
    expect(await notesOf(project.id)).toMatchObject([{ kind: 'project_cancelled', supplierId: a.supplierId }]);
    const [card] = await t.caller({ token: a.token }).supplier.projects.list();
    expect(card!.outcome).toBe('cancelled');
  });
});

describe('exactly once', () => {
  it('does nothing before the date, and nothing the second time', async () => {
    const a = await makeSupplier(t.deps);
    const project = await makeProject(t.deps, {
      supplierIds: [a.supplierId],
      autoAssignDate: new Date(Date.now() + 60_000),
    });
    expect(await awardProject(t.deps, project.id)).toBeNull();
    expect(await awardProject(t.deps, project.id, new Date(Date.now() + 61_000))).toMatchObject({ status: 'awarded' });
    expect(await awardProject(t.deps, project.id, new Date(Date.now() + 62_000))).toBeNull();
    expect((await notesOf(project.id)).filter((n) => n.kind === 'project_awarded')).toHaveLength(1);
  });

  it('awards each due project once when jobs and sweeps race', async () => {
    const sups: MadeSupplier[] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const due = [];
    for (let i = 0; i < 8; i += 1) {
      due.push(
        await makeProject(t.deps, {
          supplierIds: sups.map((s) => s.supplierId),
          quotes: [
            [sups[0]!.supplierId, 1000 + i],
            [sups[1]!.supplierId, 1001],
          ],
          autoAssignDate: minutesAgo(1),
        }),
      );
    }
    const ids = due.map((p) => p.id);
    await Promise.all([
      awardDueProjects(t.deps),
      awardDueProjects(t.deps),
      ...ids.map((id) => awardProject(t.deps, id)),
      ...ids.map((id) => awardProject(t.deps, id)),
    ]);
    const rows = await t.deps.db.select().from(projects).where(inArray(projects.id, ids));
    expect(rows.every((r) => r.status === 'awarded')).toBe(true);
    const notes = await t.deps.db.select().from(notifications).where(inArray(notifications.projectId, ids));
    expect(notes.filter((n) => n.kind === 'project_awarded')).toHaveLength(8);
    expect(notes.filter((n) => n.kind === 'project_not_selected')).toHaveLength(8);
    // Quote 1000 + i beats 1001 only for i = 0; the rest are won by the other supplier.
    const winners = new Map(rows.map((r) => [r.id, r.awardedSupplierId]));
    expect(winners.get(ids[0]!)).toBe(sups[0]!.supplierId);
    expect(ids.slice(2).every((id) => winners.get(id) === sups[1]!.supplierId)).toBe(true);
  });
});

describe('manual award', () => {
  it('lets an admin award an invitee before the date; the auto-assign then does nothing', async () => {
    const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const booking = await makeBooking(t.deps);
    const { project_id } = await t
      .caller({ token: admin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [a.supplierId, b.supplierId] });
    await t.caller({ token: a.token }).supplier.quotes.submit({ booking_id: booking.id, quoted_amount: 5000 });
    await t.caller({ token: b.token }).supplier.quotes.submit({ booking_id: booking.id, quoted_amount: 7000 });

    const outsider = await makeSupplier(t.deps);
    const notInvited = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project_id}/award`,
      headers: admin.auth,
      payload: { supplier_id: outsider.supplierId },
    });
    expect(notInvited.statusCode).toBe(409);
    expect(notInvited.json()).toEqual({ detail: 'This supplier was not invited to the project' });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project_id}/award`,
      headers: admin.auth,
      payload: { supplier_id: b.supplierId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      project_id,
      status: 'awarded',
      rule: 'manual',
      supplier_id: b.supplierId,
      amount: 7000,
    });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, project_id), eq(auditLog.action, 'project.awarded')));
    expect(audit).toMatchObject([{ actorUserId: admin.id, data: { rule: 'manual' } }]);

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project_id}/award`,
      headers: admin.auth,
      payload: { supplier_id: a.supplierId },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'This project is already awarded' });

    await t.deps.db
      .update(projects)
      .set({ autoAssignDate: minutesAgo(1) })
      .where(eq(projects.id, project_id));
    expect(await awardProject(t.deps, project_id)).toBeNull();
    expect((await notesOf(project_id)).filter((n) => n.kind === 'project_awarded')).toMatchObject([
      { supplierId: b.supplierId },
    ]);

    const view = await t.caller({ token: admin.token }).admin.projects.get({ project_id });
    expect(view).toMatchObject({
      status: 'awarded',
      awarded_supplier_id: b.supplierId,
      seconds_until_auto_assign: null,
    });
    expect(view.suppliers.find((s) => s.supplier_id === b.supplierId)!.is_winner).toBe(true);
  });

  it('refuses unknown projects and bad bodies', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/projects/3b241101-e2bb-4255-8caf-4136c566a962/award',
      headers: admin.auth,
      payload: { supplier_id: '3b241101-e2bb-4255-8caf-4136c566a962' },
    });
    expect(missing.statusCode).toBe(404);
    const project = await makeProject(t.deps, { supplierIds: [] });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/award`,
      headers: admin.auth,
      payload: {},
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'supplier_id']);
    await expect(
      awardProjectManually(
        t.deps,
        { project_id: project.id, supplier_id: '3b241101-e2bb-4255-8caf-4136c566a962' },
        admin.id,
      ),
    ).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe('a cancelled booking', () => {
  it('closes its open project at once and tells every invited supplier', async () => {
    const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const booking = await makeBooking(t.deps, { status: 'quoted' });
    const { project_id } = await t
      .caller({ token: admin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [a.supplierId, b.supplierId] });
    await t.caller({ token: a.token }).supplier.quotes.submit({ booking_id: booking.id, quoted_amount: 64_000 });

    await t.caller({ token: admin.token }).admin.bookings.setStatus({ id: booking.id, status: 'cancelled' });

    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, project_id));
    expect(row!.status).toBe('cancelled');
    const notes = await notesOf(project_id);
    expect(
      notes
        .filter((n) => n.kind === 'project_cancelled')
        .map((n) => n.supplierId)
        .sort(),
    ).toEqual([a.supplierId, b.supplierId].sort());
    const quoteAgain = await t
      .caller({ token: b.token })
      .supplier.quotes.submit({ booking_id: booking.id, quoted_amount: 60_000 })
      .catch((error: unknown) => error);
    expect(quoteAgain).toMatchObject({ code: expect.stringMatching(/CONFLICT|NOT_FOUND|FORBIDDEN/) });
    expect(await awardProject(t.deps, project_id, new Date(Date.now() + 30 * 86_400_000))).toBeNull();
  });
});

describe('closing the quotes early', () => {
  it('moves the auto-assign date to now and awards by the rule at once, audited, only once', async () => {
    const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const booking = await makeBooking(t.deps);
    const { project_id } = await t
      .caller({ token: admin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [a.supplierId, b.supplierId] });
    await t.caller({ token: a.token }).supplier.quotes.submit({ booking_id: booking.id, quoted_amount: 82_000 });
    await t.caller({ token: b.token }).supplier.quotes.submit({ booking_id: booking.id, quoted_amount: 79_500.5 });
    const [before] = await t.deps.db.select().from(projects).where(eq(projects.id, project_id));
    expect(before!.autoAssignDate.getTime()).toBeGreaterThan(Date.now());

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project_id}/close-quotes`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      project_id,
      status: 'awarded',
      rule: 'lowest_quote',
      supplier_id: b.supplierId,
      amount: 79_500.5,
    });

    const [after] = await t.deps.db.select().from(projects).where(eq(projects.id, project_id));
    expect(after!.autoAssignDate.getTime()).toBeLessThanOrEqual(Date.now());
    const moved = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, project_id), eq(auditLog.action, 'project.auto_assign_moved')));
    expect(moved).toMatchObject([
      { actorUserId: admin.id, data: { from: before!.autoAssignDate.toISOString(), reason: 'closed_early' } },
    ]);
    const notes = await notesOf(project_id);
    expect(notes.filter((n) => n.kind === 'project_awarded').map((n) => n.supplierId)).toEqual([b.supplierId]);
    expect(notes.filter((n) => n.kind === 'project_not_selected').map((n) => n.supplierId)).toEqual([a.supplierId]);

    const again = await t
      .caller({ token: admin.token })
      .admin.projects.closeQuotes({ project_id })
      .catch((error: unknown) => error);
    expect(again).toMatchObject({ code: 'CONFLICT', message: 'This project is already awarded' });
    expect(await awardProject(t.deps, project_id)).toBeNull();
  });

  it('leaves a project without quotes unassigned, and refuses unknown projects and other roles', async () => {
    const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const booking = await makeBooking(t.deps);
    const { project_id } = await t
      .caller({ token: admin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [a.supplierId, b.supplierId] });
    expect(await t.caller({ token: admin.token }).admin.projects.closeQuotes({ project_id })).toMatchObject({
      status: 'unassigned',
      supplier_id: null,
    });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/projects/3b241101-e2bb-4255-8caf-4136c566a962/close-quotes',
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(404);
    const bySupplier = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project_id}/close-quotes`,
      headers: a.auth,
    });
    expect(bySupplier.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/projects/${project_id}/close-quotes` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the runner', () => {
  it('awards a due project from its pg-boss job (PGlite adapter, or PostgreSQL under TEST_DATABASE_URL)', async () => {
    const a = await makeSupplier(t.deps);
    const project = await makeProject(t.deps, {
      supplierIds: [a.supplierId],
      quotes: [[a.supplierId, 1234]],
      autoAssignDate: new Date(Date.now() + 1500),
    });
    const runner = startAutoAssignRunner(t.database, t.deps, { pollingIntervalSeconds: 0.5 });
    try {
      await runner.ready;
      expect(runner.mode).toBe('pg-boss');
      const deadline = Date.now() + 15_000;
      let status = 'open';
      while (status === 'open' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        [{ status }] = (await t.deps.db
          .select({ status: projects.status })
          .from(projects)
          .where(eq(projects.id, project.id))) as [{ status: string }];
      }
      expect(status).toBe('awarded');
    } finally {
      await runner.stop();
    }
  });

  it('sweeps overdue projects without pg-boss', async () => {
    const a = await makeSupplier(t.deps);
    const project = await makeProject(t.deps, { supplierIds: [a.supplierId], autoAssignDate: minutesAgo(10) });
    const runner = startAutoAssignRunner(t.database, t.deps, { mode: 'sweep', sweepIntervalMs: 3_600_000 });
    try {
      const outcome = await runner.sweepOnce();
      expect(runner.mode).toBe('sweep');
      expect(outcome.queued).toBe(0);
      const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, project.id));
      expect(row!.status).toBe('awarded');
    } finally {
      await runner.stop();
    }
  });

  it('starts with the app and stops before the database closes', async () => {
    const transport: MailTransport = {
      kind: 'file',
      send: async (mail) => ({ messageId: mail.id }),
      close() {},
    };
    const app = await createTestApp({}, { startWorkers: true, mailTransport: transport });
    try {
      expect(app.app.autoAssign).not.toBeNull();
      await app.app.autoAssign!.ready;
      expect(app.app.autoAssign!.mode).toBe('pg-boss');
    } finally {
      await app.close();
    }
    // pg-boss creates its schema on start: slow on a busy machine, so this test has more time than most.
  }, 120_000);
});
