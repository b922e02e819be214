import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { makeBooking, makeSupplier } from './helpers/projects';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

/**
 * A cancelled booking reaches the supplier who won it (docs/product.md#supplier-changes): a notification and an
 * e-mail, both in the booking's thread, and the supplier's card reads "Cancelled" instead of "Won".
 */
const { t, admin, customer } = setUpSuite({ admin: 'admin', customer: 'customer' }, { timeout: 240_000 });

describe('cancelling a booking whose project was awarded', () => {
  it('tells the awarded supplier in the app and by e-mail, and its card says Cancelled', async () => {
    const booking = await makeBooking(t.deps, {
      userId: customer.id,
      status: 'confirmed',
      eventName: 'Joshi Sangeet',
      eventDate: addDays(todayInIndia(), 40),
    });
    const winner = await makeSupplier(t.deps);
    const { project_id: projectId } = await t
      .caller({ token: admin.token })
      .admin.projects.assign({ booking_id: booking.id, supplier_ids: [winner.supplierId] });
    await t
      .caller({ token: admin.token })
      .admin.projects.award({ project_id: projectId, supplier_id: winner.supplierId });
    const before = await t.caller({ token: winner.token }).supplier.projects.list();
    expect(before.find((p) => p.id === projectId)?.outcome).toBe('won');

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/me/bookings/${booking.id}/cancel`,
      headers: customer.auth,
    });
    expect(cancelled.statusCode).toBe(200);

    const after = await t.caller({ token: winner.token }).supplier.projects.list();
    expect(after.find((p) => p.id === projectId)?.outcome).toBe('cancelled');
    const told = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.supplierId, winner.supplierId), eq(notifications.kind, 'project_cancelled')));
    expect(told.map((n) => n.message)).toEqual([expect.stringContaining('Cancelled: Joshi Sangeet')]);
    const mails = await outboxMails(t.deps, { to: winner.email, template: 'project_award_cancelled' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.bookingId).toBe(booking.id);
    const dashboard = await t.caller({ token: winner.token }).supplier.dashboard();
    expect(dashboard.won_projects).toBe(0);
  }, 60_000);
});
