import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, bookings, suppliers } from '../../src/server/db/schema';
import { makeUser } from './helpers/fixtures';
import { makeBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

/*
 * The database holds the rules the services keep, so a row written any other way (a script, a future bug) cannot
 * break them: a booking's venue type and package, a visit's device class, and only an approved supplier active.
 */
const { t } = setUpSuite();

/** Fails with the named check constraint, whichever way the driver words the error. */
async function refusedBy(write: Promise<unknown>, constraint: string): Promise<void> {
  await expect(write).rejects.toSatisfy((error: Error) =>
    new RegExp(constraint).test(`${error.message} ${String(error.cause)}`),
  );
}

describe('check constraints', () => {
  it('a booking takes only the venue types and packages the product prices', async () => {
    const booking = await makeBooking(t.deps, { venueType: 'garden', pricingTier: 'luxury' });
    const set = (values: Record<string, unknown>) =>
      t.deps.db.update(bookings).set(values).where(eq(bookings.id, booking.id));
    await refusedBy(set({ venueType: 'rooftop' }), 'bookings_venue_type_check');
    await refusedBy(set({ pricingTier: 'platinum' }), 'bookings_pricing_tier_check');
    await set({ venueType: null, pricingTier: null });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ venueType: null, pricingTier: null });
  });

  it('a visit is from a phone, a tablet, a computer or not known', async () => {
    await refusedBy(
      t.deps.db.insert(analyticsEvents).values({ kind: 'page_view', path: '/', device: 'fridge' as 'mobile' }),
      'analytics_events_device_check',
    );
    await t.deps.db.insert(analyticsEvents).values({ kind: 'page_view', path: '/', device: null });
  });

  it('only an approved supplier is active', async () => {
    const pending = await makeUser(t.deps, { role: 'supplier', approval: 'pending' });
    const activate = t.deps.db.update(suppliers).set({ isActive: true }).where(eq(suppliers.id, pending.supplierId!));
    await refusedBy(activate, 'suppliers_active_approved_check');
    const rejected = await makeUser(t.deps, { role: 'supplier', approval: 'rejected' });
    await refusedBy(
      t.deps.db.update(suppliers).set({ isActive: true }).where(eq(suppliers.id, rejected.supplierId!)),
      'suppliers_active_approved_check',
    );
    const approved = await makeUser(t.deps, { role: 'supplier', approval: 'approved' });
    await t.deps.db.update(suppliers).set({ isActive: false }).where(eq(suppliers.id, approved.supplierId!));
  });
});
