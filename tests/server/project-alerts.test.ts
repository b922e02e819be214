import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../src/server/db/schema';
import { announceLead } from '../../src/server/modules/notifications/leads';
import { awardProject, awardProjectManually } from '../../src/server/modules/projects/award.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { LiveEventDto } from '../../src/shared/schemas/notifications';
import { makeBooking, makeProject, makeSupplier, type Actor } from './helpers/projects';
import { openSse } from './helpers/sse';
import { setUpSuite } from './helpers/suite';

/**
 * The admins' alerts that ask for a decision on a project ("Award by hand", "No supplier for") are read in every
 * admin's inbox once nothing is left to decide (docs/product.md#live-alerts), whoever or whatever settled it.
 */
const { t, admin, secondAdmin, customer } = setUpSuite(
  { admin: 'admin', secondAdmin: 'admin', customer: 'customer' },
  { timeout: 240_000 },
);
let base: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 240_000);

/** Every admin's alerts of this kind about the project. */
async function alertsOf(projectId: string, kind: string) {
  return t.deps.db
    .select({ userId: notifications.userId, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.projectId, projectId), eq(notifications.kind, kind)));
}

/** What "Needs your attention" lists for this admin about the project: the unread ones. */
async function attentionOf(actor: Actor, projectId: string) {
  const list = await t.caller({ token: actor.token }).admin.notifications.list();
  return list.filter((n) => n.project_id === projectId && !n.read).map((n) => n.kind);
}

/** An open project whose lowest bid is below the floor, parked by the auto-assign for an admin to award by hand. */
async function parkedProject(bookingOverrides: Parameters<typeof makeBooking>[1] = {}) {
  // ₹3,60,000 before GST: a ₹2,52,000 supplier budget with its floor at ₹1,00,800.
  const booking = await makeBooking(t.deps, {
    subtotalPaise: 3_60_000_00,
    gstPaise: 64_800_00,
    finalAmountPaise: 4_24_800_00,
    ...bookingOverrides,
  });
  const [cheap, fair] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
  const project = await makeProject(t.deps, {
    bookingId: booking.id,
    supplierIds: [cheap.supplierId, fair.supplierId],
    quotes: [
      [cheap.supplierId, 1000],
      [fair.supplierId, 240000],
    ],
  });
  expect(await awardProject(t.deps, project.id)).toMatchObject({ status: 'open', rule: 'flagged_bid' });
  const asked = await alertsOf(project.id, 'project_bids_flagged');
  expect(asked.map((n) => n.userId)).toEqual(expect.arrayContaining([admin.id, secondAdmin.id]));
  expect(asked.every((n) => n.readAt === null)).toBe(true);
  expect(await attentionOf(secondAdmin, project.id)).toEqual(['project_bids_flagged']);
  return { booking, project, cheap, fair };
}

/** An unassigned project: several invitees, nobody quoted; every admin is told. */
async function unassignedProject(bookingOverrides: Parameters<typeof makeBooking>[1] = {}) {
  const booking = await makeBooking(t.deps, bookingOverrides);
  const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
  const project = await makeProject(t.deps, { bookingId: booking.id, supplierIds: [a.supplierId, b.supplierId] });
  expect(await awardProject(t.deps, project.id)).toMatchObject({ status: 'unassigned' });
  expect(await attentionOf(admin, project.id)).toEqual(['project_unassigned']);
  expect(await attentionOf(secondAdmin, project.id)).toEqual(['project_unassigned']);
  return { booking, project, suppliers: [a, b] };
}

const cancelAsCustomer = async (bookingId: string) => {
  const cancelled = await t.app.inject({
    method: 'POST',
    url: `/api/me/bookings/${bookingId}/cancel`,
    headers: customer.auth,
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
};

describe('"Award by hand" alerts', () => {
  it('are read for every admin once one admin awards the project by hand', async () => {
    const { project, fair } = await parkedProject();

    await awardProjectManually(t.deps, { project_id: project.id, supplier_id: fair.supplierId }, admin.id);

    const after = await alertsOf(project.id, 'project_bids_flagged');
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(after.every((n) => n.readAt !== null)).toBe(true);
    expect(await attentionOf(admin, project.id)).toEqual([]);
    expect(await attentionOf(secondAdmin, project.id)).toEqual([]);
  });

  it('reach an open dashboard of another admin as a lower unread count', async () => {
    const { project, fair } = await parkedProject();
    const stream = await openSse(`${base}/api/notifications/stream`, secondAdmin.auth);
    const snapshot = JSON.parse((await stream.next((e) => e.event === 'snapshot')).data) as LiveEventDto;
    expect(snapshot.unread).toBeGreaterThan(0);

    await t
      .caller({ token: admin.token })
      .admin.projects.award({ project_id: project.id, supplier_id: fair.supplierId });

    const unread = JSON.parse((await stream.next((e) => e.event === 'unread')).data) as LiveEventDto;
    expect(unread).toEqual({ type: 'unread', unread: snapshot.unread - 1 });
    stream.close();
  }, 30_000);

  it('are read once the booking is cancelled and the project closes with it', async () => {
    const { booking, project } = await parkedProject({
      userId: customer.id,
      status: 'confirmed',
      eventDate: addDays(todayInIndia(), 40),
    });

    await cancelAsCustomer(booking.id);

    expect((await alertsOf(project.id, 'project_bids_flagged')).every((n) => n.readAt !== null)).toBe(true);
    expect(await attentionOf(admin, project.id)).toEqual([]);
    expect(await attentionOf(secondAdmin, project.id)).toEqual([]);
  }, 60_000);

  it('stay unread while the project waits; settling one leaves other projects and the leads alone', async () => {
    const waiting = await parkedProject();
    const settled = await parkedProject();
    await announceLead(t.deps.db, {
      kind: 'booking',
      bookingId: settled.booking.id,
      clientName: 'Meera Joshi',
      eventName: settled.booking.eventName,
      eventDate: settled.booking.eventDate!,
      guestCount: 250,
      totalRupees: 450000,
    });

    await awardProjectManually(
      t.deps,
      { project_id: settled.project.id, supplier_id: settled.fair.supplierId },
      secondAdmin.id,
    );

    expect(await attentionOf(admin, waiting.project.id)).toEqual(['project_bids_flagged']);
    expect(await attentionOf(secondAdmin, waiting.project.id)).toEqual(['project_bids_flagged']);
    const admins = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    const leads = await t.deps.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(
        and(
          eq(notifications.bookingId, settled.booking.id),
          eq(notifications.kind, 'lead_booking'),
          inArray(
            notifications.userId,
            admins.map((a) => a.id),
          ),
        ),
      );
    expect(leads.length).toBeGreaterThanOrEqual(2);
    expect(leads.every((n) => n.readAt === null)).toBe(true);
  });
});

describe('"No supplier for" alerts', () => {
  it('are read for every admin once an admin puts the booking out to suppliers again', async () => {
    const { booking, project, suppliers } = await unassignedProject();

    await t
      .caller({ token: secondAdmin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [suppliers[0]!.supplierId] });

    expect((await alertsOf(project.id, 'project_unassigned')).every((n) => n.readAt !== null)).toBe(true);
    expect(await attentionOf(admin, project.id)).toEqual([]);
    expect(await attentionOf(secondAdmin, project.id)).toEqual([]);
  });

  it('are read once the booking is cancelled', async () => {
    const { booking, project } = await unassignedProject({
      userId: customer.id,
      status: 'confirmed',
      eventDate: addDays(todayInIndia(), 40),
    });

    await cancelAsCustomer(booking.id);

    expect((await alertsOf(project.id, 'project_unassigned')).every((n) => n.readAt !== null)).toBe(true);
    expect(await attentionOf(admin, project.id)).toEqual([]);
  }, 60_000);

  it('stay unread for another booking when one booking is put out again', async () => {
    const other = await unassignedProject();
    const { booking, suppliers } = await unassignedProject();

    await t
      .caller({ token: admin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [suppliers[1]!.supplierId] });

    expect(await attentionOf(admin, other.project.id)).toEqual(['project_unassigned']);
  });
});
