import { tierPriceColumns } from '../../../src/server/modules/bookings/bookings.service';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApprovalStatus, Role } from '../../../src/shared/domain';
import { addDays, todayInIndia } from '../../../src/shared/dates';
import { priceQuote } from '../../../src/shared/pricing';
import { bookings, projectInvitations, projects, supplierQuotes, suppliers } from '../../../src/server/db/schema';
import type { ServiceDeps } from '../../../src/server/context';
import { tokenFor } from './admin-fixtures';
import { makeUser, type MadeUser } from './fixtures';

export type Actor = MadeUser & { token: string; auth: { authorization: string } };

export async function makeActor(
  deps: ServiceDeps,
  role: Role,
  options: Parameters<typeof makeUser>[1] = {},
): Promise<Actor> {
  const user = await makeUser(deps, { ...options, role });
  const token = await tokenFor(deps, user.id);
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}

export type MadeSupplier = Actor & { supplierId: string; businessName: string };

/** A supplier with its own login; approved and active unless told otherwise. */
export async function makeSupplier(
  deps: ServiceDeps,
  options: { approval?: ApprovalStatus; supplierActive?: boolean; rating?: number; businessName?: string } = {},
): Promise<MadeSupplier> {
  const actor = await makeActor(deps, 'supplier', {
    approval: options.approval,
    supplierActive: options.supplierActive,
  });
  const businessName = options.businessName ?? `Caterer ${randomBytes(3).toString('hex')}`;
  await deps.db
    .update(suppliers)
    .set({ businessName, rating: options.rating ?? 4 })
    .where(eq(suppliers.id, actor.supplierId!));
  return { ...actor, supplierId: actor.supplierId!, businessName };
}

type BookingInsert = typeof bookings.$inferInsert;

/** A quoted booking a month ahead, with a final amount, unless overridden. */
export async function makeBooking(
  deps: ServiceDeps,
  overrides: Partial<BookingInsert> = {},
): Promise<typeof bookings.$inferSelect> {
  const [row] = await deps.db
    .insert(bookings)
    .values({
      clientName: 'Meera Joshi',
      clientEmail: `client.${randomBytes(3).toString('hex')}@example.in`,
      clientPhone: '+919812345678',
      eventType: 'wedding',
      eventName: `Joshi–Patil Wedding ${randomBytes(2).toString('hex')}`,
      eventDate: addDays(todayInIndia(), 30),
      venueName: 'Sayaji Banquets',
      city: 'Indore',
      guestCount: 250,
      requirements: { special_requests: 'Jain food counter' },
      status: 'quoted',
      source: 'instant_quote',
      finalAmountPaise: 45_000_000,
      ...overrides,
    })
    .returning();
  return row!;
}

/** An inquiry not yet priced (no tier, no amounts) for 200 guests, as the custom-quote form receives it. */
export function makeInquiry(deps: ServiceDeps, overrides: Partial<BookingInsert> = {}) {
  return makeBooking(deps, {
    status: 'inquiry',
    source: 'inquiry',
    finalAmountPaise: null,
    subtotalPaise: null,
    gstPaise: null,
    pricingTier: null,
    guestCount: 200,
    ...overrides,
  });
}

/**
 * A quoted booking at a banquet hall for `customer`, priced for `guests` by the shared pricing to the paisa (the menu
 * and GST tests check figures against it): a premium wedding in Indore, 40 days ahead, unless the overrides say.
 */
export async function makePricedBooking(
  deps: ServiceDeps,
  customer: { id: string; email: string },
  guests: number,
  { days = 40, ...overrides }: Partial<BookingInsert> & { days?: number } = {},
): Promise<typeof bookings.$inferSelect> {
  const city = overrides.city ?? 'Indore';
  const pricingTier = overrides.pricingTier ?? 'premium';
  const eventType = overrides.eventType ?? 'wedding';
  const price = priceQuote({ tier: pricingTier, eventType, venueType: 'banquet', city, guestCount: guests });
  return makeBooking(deps, {
    userId: customer.id,
    clientEmail: customer.email,
    city,
    eventType,
    guestCount: guests,
    pricingTier,
    venueType: 'banquet',
    eventDate: addDays(todayInIndia(), days),
    ...tierPriceColumns(price),
    validUntil: addDays(todayInIndia(), 7),
    status: 'quoted',
    ...overrides,
  });
}

/**
 * An open project written straight into the database (award tests): invitations for the suppliers and the quotes
 * given as `[supplierId, rupees, submittedAt?]`.
 */
export async function makeProject(
  deps: ServiceDeps,
  options: {
    bookingId?: string;
    supplierIds: string[];
    quotes?: [supplierId: string, rupees: number, submittedAt?: Date][];
    autoAssignDate?: Date;
  },
): Promise<typeof projects.$inferSelect> {
  const bookingId = options.bookingId ?? (await makeBooking(deps)).id;
  const [project] = await deps.db
    .insert(projects)
    .values({ bookingId, autoAssignDate: options.autoAssignDate ?? new Date(Date.now() - 1000) })
    .returning();
  if (options.supplierIds.length > 0) {
    await deps.db
      .insert(projectInvitations)
      .values(options.supplierIds.map((supplierId) => ({ projectId: project!.id, supplierId })));
  }
  for (const [supplierId, rupees, submittedAt] of options.quotes ?? []) {
    await deps.db.insert(supplierQuotes).values({
      projectId: project!.id,
      supplierId,
      amountPaise: Math.round(rupees * 100),
      submittedAt: submittedAt ?? new Date(),
    });
  }
  return project!;
}
