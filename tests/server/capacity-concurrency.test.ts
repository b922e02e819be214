import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema';
import { saveCalendarDay } from '../../src/server/modules/calendar/calendar.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { bearer, tokenFor } from './helpers/admin-fixtures';
import { makeBooking } from './helpers/projects';
import { makeUser } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The calendar cannot be overbooked (docs/product.md#calendar): confirmations of one day are serialised by the
 * day's lock, so however many arrive at once, exactly as many as there is room for go through. On PostgreSQL
 * (`npm run test:pg`) the 50 run on a pool of connections at the same time; on PGlite they queue.
 */

let t: TestApp;
let adminToken = '';
let adminId = '';

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeUser(t.deps, { role: 'admin' });
  adminId = admin.id;
  adminToken = await tokenFor(t.deps, admin.id);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('capacity under concurrency', () => {
  it('confirms exactly 3 of 50 parallel confirmations on a day with room for 3', async () => {
    const day = addDays(todayInIndia(), 120);
    await saveCalendarDay(
      t.deps,
      {
        date: day,
        max_events: 3,
        max_guests: null,
        closed_reason: null,
        surcharge_percent: null,
        surcharge_reason: null,
      },
      adminId,
    );
    const quoted = await Promise.all(Array.from({ length: 50 }, () => makeBooking(t.deps, { eventDate: day })));
    const answers = await Promise.all(
      quoted.map((b) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/bookings/${b.id}/status`,
          headers: bearer(adminToken),
          payload: { status: 'confirmed' },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      const body = refused.json() as { detail: string; next_free_dates: string[] };
      expect(body.detail).toContain('Fully booked: 3 of 3 events');
      expect(body.next_free_dates).toEqual([addDays(day, 1), addDays(day, 2), addDays(day, 3)]);
    }
    const confirmed = await t.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.eventDate, day), eq(bookings.status, 'confirmed')));
    expect(confirmed).toHaveLength(3);
  }, 120_000);
});
