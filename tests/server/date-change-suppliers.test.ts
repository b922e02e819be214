import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, notifications, projects } from '../../src/server/db/schema';
import { formatIndiaDateTime } from '../../src/server/mail/project-templates';
import { awardProject } from '../../src/server/modules/projects/award.service';
import { eventStartInIndia } from '../../src/server/modules/projects/projects.service';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { makeBooking, makeSupplier, type MadeSupplier } from './helpers/projects';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

/**
 * A customer's date change reaches the booking's suppliers (docs/product.md#date-changes, docs/decisions.md "Date
 * changes, suppliers and status dates"): the open project's auto-assign date comes forward to 24 hours before the
 * new event day, or the project is awarded at once; every invited and awarded supplier is told, in the same
 * transaction as the change.
 */
const { t, admin, customer } = setUpSuite({ admin: 'admin', customer: 'customer' });

const inDays = (n: number) => addDays(todayInIndia(), n);
/** The instant the rule uses: 00:00 IST on the event day, less 24 hours (00:00 IST the day before). */
const dayBeforeStart = (eventDate: string) => new Date(eventStartInIndia(eventDate).getTime() - 24 * 3_600_000);

/** A confirmed booking of the customer a month ahead, put out to `suppliers` by the admin, with their quotes. */
async function bookingWithProject(suppliers: MadeSupplier[], quotes: [MadeSupplier, number][] = []) {
  const booking = await makeBooking(t.deps, {
    userId: customer.id,
    status: 'confirmed',
    eventName: `Agarwal Reception ${Math.random().toString(36).slice(2, 6)}`,
    eventDate: inDays(30),
  });
  const { project_id: projectId } = await t.caller({ token: admin.token }).admin.projects.assign({
    booking_id: booking.id,
    supplier_ids: suppliers.map((s) => s.supplierId),
  });
  for (const [supplier, amount] of quotes) {
    await t.caller({ token: supplier.token }).supplier.quotes.submit({ booking_id: booking.id, quoted_amount: amount });
  }
  return { booking, projectId };
}

const changeDate = (bookingId: string, newDate: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/me/bookings/${bookingId}/change-date`,
    headers: customer.auth,
    payload: { new_date: newDate },
  });

async function projectRow(projectId: string) {
  const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, projectId));
  return row!;
}
const notesOf = (projectId: string, kind: string) =>
  t.deps.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.projectId, projectId), eq(notifications.kind, kind)));
const mailsTo = (addresses: string[], template: string) => outboxMails(t.deps, { to: addresses, template });
const movesOf = (projectId: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, projectId), eq(auditLog.action, 'project.auto_assign_moved')));

describe('a date change after suppliers were invited', () => {
  it('moved to tomorrow: the project is awarded now, never after the event has begun, and every invitee is told', async () => {
    const [a, b, c] = [await makeSupplier(t.deps), await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const { booking, projectId } = await bookingWithProject(
      [a, b, c],
      [
        [a, 64_000],
        [b, 61_500],
      ],
    );
    const before = await projectRow(projectId);
    const tomorrow = inDays(1);
    // The reproduced fault: the auto-assign date stayed two days out, after the new event had begun.
    expect(before.autoAssignDate.getTime()).toBeGreaterThan(eventStartInIndia(tomorrow).getTime());

    const res = await changeDate(booking.id, tomorrow);
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.event_date).toBe(tomorrow);

    const after = await projectRow(projectId);
    expect(after).toMatchObject({ status: 'awarded', awardedSupplierId: b.supplierId });
    expect(after.autoAssignDate.toISOString()).toBe(dayBeforeStart(tomorrow).toISOString());
    expect(after.awardedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await movesOf(projectId)).toMatchObject([
      {
        actorUserId: customer.id,
        data: {
          from: before.autoAssignDate.toISOString(),
          to: dayBeforeStart(tomorrow).toISOString(),
          reason: 'event_date_changed',
        },
      },
    ]);

    // Every invitee learns the new date and that quotes have closed; then the award, on the new date, as the job does.
    const message =
      `Date changed: ${booking.eventName} is now on ` +
      `${formatLongDate(tomorrow)} (was ${formatLongDate(inDays(30))})`;
    const changed = await notesOf(projectId, 'project_date_changed');
    expect(changed.map((n) => n.supplierId).sort()).toEqual([a, b, c].map((s) => s.supplierId).sort());
    expect(changed.every((n) => n.message === message)).toBe(true);
    const mails = await mailsTo([a.email, b.email, c.email], 'project_date_changed');
    expect(mails).toHaveLength(3);
    expect(mails[0]!.subject).toBe(`Date changed: ${booking.eventName} is now on ${formatLongDate(tomorrow)}`);
    expect(mails.every((m) => m.textBody.includes('quotes have closed and the project is awarded now'))).toBe(true);
    const [won] = await notesOf(projectId, 'project_awarded');
    expect(won).toMatchObject({ supplierId: b.supplierId });
    expect(won!.message).toContain(`on ${formatLongDate(tomorrow)}`);
    expect((await notesOf(projectId, 'project_not_selected')).map((n) => n.supplierId).sort()).toEqual(
      [a.supplierId, c.supplierId].sort(),
    );
    expect(await mailsTo([b.email], 'project_awarded')).toHaveLength(1);

    // Awarded once: the job and the sweep find nothing left to do.
    expect(await awardProject(t.deps, projectId, new Date(Date.now() + 86_400_000))).toBeNull();
  });

  it('moved three days out: the auto-assign date comes forward to 00:00 IST the day before, quotes stay open until then', async () => {
    const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const { booking, projectId } = await bookingWithProject([a, b], [[a, 70_000]]);
    const newDate = inDays(3);

    expect((await changeDate(booking.id, newDate)).statusCode).toBe(200);

    const after = await projectRow(projectId);
    const deadline = dayBeforeStart(newDate);
    expect(after.status).toBe('open');
    expect(after.autoAssignDate.toISOString()).toBe(deadline.toISOString());
    const mails = await mailsTo([a.email, b.email], 'project_date_changed');
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.textBody.includes(`Quotes now close on ${formatIndiaDateTime(deadline)}`))).toBe(true);
    expect((await notesOf(projectId, 'project_date_changed')).map((n) => n.supplierId).sort()).toEqual(
      [a.supplierId, b.supplierId].sort(),
    );

    // Still quoting before the new deadline; the award follows at it, not before.
    await t.caller({ token: b.token }).supplier.quotes.submit({ booking_id: booking.id, quoted_amount: 68_000 });
    expect(await awardProject(t.deps, projectId, new Date(deadline.getTime() - 1000))).toBeNull();
    expect(await awardProject(t.deps, projectId, deadline)).toMatchObject({
      status: 'awarded',
      supplier_id: b.supplierId,
    });
  });

  it('moved later: the auto-assign date stays where it was, and the invitees are told the new date', async () => {
    const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const { booking, projectId } = await bookingWithProject([a, b]);
    const before = await projectRow(projectId);

    expect((await changeDate(booking.id, inDays(90))).statusCode).toBe(200);

    const after = await projectRow(projectId);
    expect(after.status).toBe('open');
    expect(after.autoAssignDate.toISOString()).toBe(before.autoAssignDate.toISOString());
    expect(await movesOf(projectId)).toHaveLength(0);
    const mails = await mailsTo([a.email, b.email], 'project_date_changed');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.textBody).toContain(`Quotes now close on ${formatIndiaDateTime(before.autoAssignDate)}`);
    expect(mails[0]!.textBody).toContain(formatLongDate(inDays(90)));

    // The admin's Booking Details shows the move beside the project it explains.
    const view = await t.caller({ token: admin.token }).admin.bookings.get({ id: booking.id });
    expect(view).toMatchObject({ event_date: inDays(90), original_event_date: inDays(30) });
  });

  it('tells the awarded supplier (in the app and by e-mail), and leaves the award as it was', async () => {
    const [winner, other] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const { booking, projectId } = await bookingWithProject([winner, other], [[winner, 55_000]]);
    await t
      .caller({ token: admin.token })
      .admin.projects.award({ project_id: projectId, supplier_id: winner.supplierId });
    const awarded = await projectRow(projectId);
    // The winner's "You won" named the old date; the date change must reach it.
    const newDate = inDays(45);

    expect((await changeDate(booking.id, newDate)).statusCode).toBe(200);

    const changed = await notesOf(projectId, 'project_date_changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ supplierId: winner.supplierId, userId: winner.id });
    expect(changed[0]!.message).toContain(`is now on ${formatLongDate(newDate)}`);
    const [mail] = await mailsTo([winner.email], 'project_date_changed');
    expect(mail!.textBody).toContain(`${winner.businessName} remains the supplier for this event`);
    expect(mail!.textBody).toContain(formatLongDate(newDate));
    expect(await mailsTo([other.email], 'project_date_changed')).toHaveLength(0);
    expect(await projectRow(projectId)).toEqual(awarded);

    const seen = await t.caller({ token: winner.token }).supplier.notifications.list();
    expect(seen.some((n) => n.kind === 'project_date_changed' && n.message === changed[0]!.message)).toBe(true);
  });
});

describe('nothing half-written', () => {
  it('a refused change leaves the project, the notifications and the outbox as they were', async () => {
    const [a] = [await makeSupplier(t.deps)];
    const { booking, projectId } = await bookingWithProject([a]);
    const before = await projectRow(projectId);

    const tooFar = await changeDate(booking.id, inDays(30 + 200));
    expect(tooFar.statusCode).toBe(422);
    const past = await changeDate(booking.id, inDays(-1));
    expect(past.statusCode).toBe(422);

    expect(await projectRow(projectId)).toEqual(before);
    expect(await notesOf(projectId, 'project_date_changed')).toHaveLength(0);
    expect(await mailsTo([a.email], 'project_date_changed')).toHaveLength(0);
    expect(await mailsTo([booking.clientEmail], 'booking_date_changed')).toHaveLength(0);
  });

  it('a failure at the last write undoes the date change, the moved auto-assign date, the award and every message', async () => {
    const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const { booking, projectId } = await bookingWithProject([a, b], [[a, 40_000]]);
    const before = await projectRow(projectId);
    // The database refuses the winner's notice: the last write, after the booking, the project's date, the date-change
    // notices and e-mails and the award itself.
    await t.deps.db.execute(sql`
      CREATE FUNCTION refuse_award_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await t.deps.db.execute(sql`
      CREATE TRIGGER refuse_award_notice BEFORE INSERT ON notifications
      FOR EACH ROW WHEN (NEW.kind = 'project_awarded') EXECUTE FUNCTION refuse_award_notice()`);
    try {
      const res = await changeDate(booking.id, inDays(1));
      expect(res.statusCode).toBe(500);
    } finally {
      await t.deps.db.execute(sql`DROP TRIGGER refuse_award_notice ON notifications`);
      await t.deps.db.execute(sql`DROP FUNCTION refuse_award_notice()`);
    }

    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ eventDate: inDays(30), originalEventDate: null, dateChangedAt: null });
    expect(await projectRow(projectId)).toEqual(before);
    expect(await movesOf(projectId)).toHaveLength(0);
    const written = await t.deps.db.select().from(notifications).where(eq(notifications.projectId, projectId));
    expect(written.map((n) => n.kind)).toEqual(['project_invitation', 'project_invitation']);
    expect(await mailsTo([booking.clientEmail], 'booking_date_changed')).toHaveLength(0);
    expect(await mailsTo([a.email, b.email], 'project_date_changed')).toHaveLength(0);
    expect(await mailsTo([a.email, b.email], 'project_awarded')).toHaveLength(0);
    const changes = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'booking.date_changed')));
    expect(changes).toHaveLength(0);

    // With the database willing again, the same change goes through.
    expect((await changeDate(booking.id, inDays(1))).statusCode).toBe(200);
    expect((await projectRow(projectId)).status).toBe('awarded');
  });
});
