import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../../src/server/db/schema';
import { startSession } from '../../../src/server/modules/auth/sessions.service';
import type { ServiceDeps } from '../../../src/server/context';
import type { VendorRegisterInput } from '../../../src/shared/schemas/vendor';

/** A bearer token for a user as the login would issue it: a new session at the current token version. */
export async function tokenFor(deps: ServiceDeps, userId: string): Promise<string> {
  const [user] = await deps.db.select({ ver: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return startSession(deps, { id: userId, tokenVersion: user!.ver });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Saves one calendar day's settings as the admin does (`PUT /api/admin/calendar/days`); unset ones are cleared. */
export function saveCalendarDay(
  app: FastifyInstance,
  headers: { authorization: string },
  day: { date: string } & Partial<Record<'max_events' | 'max_guests' | 'surcharge_percent', number | null>> &
    Partial<Record<'closed_reason' | 'surcharge_reason', string | null>>,
) {
  return app.inject({
    method: 'PUT',
    url: '/api/admin/calendar/days',
    headers,
    payload: {
      max_events: null,
      max_guests: null,
      closed_reason: null,
      surcharge_percent: null,
      surcharge_reason: null,
      ...day,
    },
  });
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
