import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bookings, users } from '../../../src/server/db/schema';
import { startSession } from '../../../src/server/modules/auth/sessions.service';
import type { ServiceDeps } from '../../../src/server/context';
import { addDays, todayInIndia } from '../../../src/shared/dates';
import type { VendorRegisterInput } from '../../../src/shared/schemas/vendor';

/** A bearer token for a user as the login would issue it: a new session at the current token version. */
export async function tokenFor(deps: ServiceDeps, userId: string): Promise<string> {
  const [user] = await deps.db.select({ ver: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return startSession(deps, { id: userId, tokenVersion: user!.ver });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type BookingInsert = typeof bookings.$inferInsert;

/** A booking straight in the database; an instant-quote style booking unless told otherwise. */
export async function makeBooking(
  deps: ServiceDeps,
  overrides: Partial<BookingInsert> = {},
): Promise<typeof bookings.$inferSelect> {
  const suffix = randomBytes(3).toString('hex');
  const guests = overrides.guestCount ?? 120;
  const [row] = await deps.db
    .insert(bookings)
    .values({
      clientName: `Client ${suffix}`,
      clientEmail: `client.${suffix}@example.in`,
      clientPhone: '+919812345678',
      eventType: 'wedding',
      eventName: `Event ${suffix}`,
      eventDate: addDays(todayInIndia(), 30),
      city: 'Indore',
      guestCount: guests,
      requirements: {},
      pricingTier: 'premium',
      finalAmountPaise: 1_00_000_00,
      status: 'quoted',
      source: 'instant_quote',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A complete, valid vendor registration payload with a unique e-mail; overrides may add or break any field. */
export function vendorPayload(overrides: Record<string, unknown> = {}) {
  const base = {
    email: `vendor.${randomBytes(4).toString('hex')}@example.in`,
    password: 'saffron-rice-42',
    contact_person: 'Pooja Chouhan',
    business_name: 'Swaad Sagar Caterers',
    phone: '+91 98260 11223',
    business_address: '14, Scheme No. 54, Vijay Nagar, Indore 452010',
    location: 'Indore',
    services_offered: 'Veg catering, Live counters, Mithai',
    experience_years: 5 as number | null,
    gst_number: '27AAPFU0939F1ZV' as string | null,
    portfolio_link: 'https://swaad.example.in' as string | null,
  } satisfies VendorRegisterInput;
  return { ...base, ...overrides } as typeof base & Record<string, unknown>;
}
