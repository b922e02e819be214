import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMenuItems, bookingMenus, bookings } from '../../src/server/db/schema';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { BookingMenuDto } from '../../src/shared/schemas/menus';
import { bearer, tokenFor } from './helpers/admin-fixtures';
import { makePricedBooking } from './helpers/projects';
import { makeUser, type MadeUser } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The menu's guests by diet over random sequences of what happens to a booking (docs/product.md#menus, "Guests by
 * diet"): guest-count changes by the team, menu saves by the customer (adding up or not), the one date change and a
 * cancellation. After every step the veg + Jain + non-veg split adds up to the guest count, or the booking is marked
 * for review (`guests_need_review`); once cancelled, its menu can no longer change by anyone or anything.
 */

let t: TestApp;
let admin: MadeUser;
let customer: MadeUser;
let adminToken = '';
let customerToken = '';
let jainDish = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.deps, { role: 'admin' });
  customer = await makeUser(t.deps, { role: 'customer' });
  adminToken = await tokenFor(t.deps, admin.id);
  customerToken = await tokenFor(t.deps, customer.id);
  // A Jain dish may be served to every guest, so any split is a valid menu with it.
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/dishes',
    headers: bearer(adminToken),
    payload: {
      name: 'Sequence test Jain starter',
      course: 'starters',
      diet: 'jain',
      region: 'malwa',
      allergens: [],
      yield_per_100: 10,
      yield_unit: 'kg',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  jainDish = (response.json() as { id: string }).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Split = { veg: number; jain: number; non_veg: number };
type Step =
  | { kind: 'guests'; count: number }
  | { kind: 'save'; split: Split; by: 'customer' | 'admin'; fits: boolean }
  | { kind: 'date'; days: number }
  | { kind: 'cancel' };

const splitArb = fc.record({
  veg: fc.integer({ min: 0, max: 300 }),
  jain: fc.integer({ min: 0, max: 120 }),
  non_veg: fc.integer({ min: 0, max: 120 }),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('guests' as const), count: fc.integer({ min: 1, max: 400 }) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      split: splitArb,
      by: fc.constantFrom('customer' as const, 'admin' as const),
      // Half the saves are made to add up to the guest count of the moment, the rest are as typed.
      fits: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('date' as const), days: fc.integer({ min: 20, max: 120 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const) }) },
);

async function confirmedBookingWithMenu(guests: number): Promise<string> {
  const booking = await makePricedBooking(t.deps, customer, guests, { days: 60 });
  const saved = await save(booking.id, { veg: guests, jain: 0, non_veg: 0 }, 'customer');
  expect(saved.statusCode, saved.body).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${booking.id}/payments`,
    headers: bearer(adminToken),
    payload: { amount: 999, method: 'bank_transfer', reference: `NEFT-SEQ-${booking.id.slice(0, 8)}` },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return booking.id;
}

const save = (id: string, guests: Split, by: 'customer' | 'admin') =>
  t.app.inject({
    method: 'PUT',
    url: by === 'customer' ? `/api/me/bookings/${id}/menu` : `/api/bookings/${id}/menu`,
    headers: bearer(by === 'customer' ? customerToken : adminToken),
    payload: { guests, dish_ids: [jainDish], allergy_notes: 'No peanuts at table 4' },
  });

/** The split a customer who fits it to `guests` would send: Jain and non-veg as typed where they fit, veg the rest. */
function fitted(split: Split, guests: number): Split {
  const jain = Math.min(split.jain, guests);
  const nonVeg = Math.min(split.non_veg, guests - jain);
  return { veg: guests - jain - nonVeg, jain, non_veg: nonVeg };
}

async function run(id: string, step: Step, guestsNow: number) {
  switch (step.kind) {
    case 'guests':
      return t.app.inject({
        method: 'PATCH',
        url: `/api/admin/bookings/${id}/details`,
        headers: bearer(adminToken),
        payload: { guest_count: step.count },
      });
    case 'save':
      return save(id, step.fits ? fitted(step.split, guestsNow) : step.split, step.by);
    case 'date':
      return t.app.inject({
        method: 'POST',
        url: `/api/me/bookings/${id}/change-date`,
        headers: bearer(customerToken),
        payload: { new_date: addDays(todayInIndia(), step.days) },
      });
    case 'cancel':
      return t.app.inject({
        method: 'PUT',
        url: `/api/bookings/${id}/status`,
        headers: bearer(adminToken),
        payload: { status: 'cancelled' },
      });
  }
}

/** The stored menu as it is (rows, not the DTO), to show a cancelled booking's menu never moves. */
async function storedMenu(id: string) {
  const [menu] = await t.deps.db.select().from(bookingMenus).where(eq(bookingMenus.bookingId, id));
  const items = await t.deps.db.select().from(bookingMenuItems).where(eq(bookingMenuItems.bookingId, id));
  const { updatedAt: _u, ...rest } = menu!;
  return { ...rest, updatedAt: menu!.updatedAt.toISOString(), items: items.map((i) => [i.dishId, i.addOnPricePaise]) };
}

describe("the menu's diet split over random sequences of booking changes", () => {
  it("adds up to the guest count or is marked for review; a cancelled booking's menu never changes", async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 300 }),
        fc.array(stepArb, { minLength: 1, maxLength: 8 }),
        async (guests, steps) => {
          const id = await confirmedBookingWithMenu(guests);
          let frozen: Awaited<ReturnType<typeof storedMenu>> | null = null;
          for (const step of steps) {
            const before = await t.deps.db.select().from(bookings).where(eq(bookings.id, id));
            const response = await run(id, step, before[0]!.guestCount ?? 0);
            seen.add(`${step.kind}:${response.statusCode}`);
            // Outside input never breaks the server: every refusal is a 4xx with a detail.
            expect(response.statusCode, response.body).toBeLessThan(500);
            if (response.statusCode >= 400) expect(response.json()).toHaveProperty('detail');
            const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, id));
            const menu = (
              await t.app.inject({ method: 'GET', url: `/api/me/bookings/${id}/menu`, headers: bearer(customerToken) })
            ).json() as BookingMenuDto;

            // The invariant: the split adds up to the booking's guest count, or the booking is marked for review.
            const sum = menu.guests.veg + menu.guests.jain + menu.guests.non_veg;
            expect(sum === row!.guestCount || menu.guests_need_review).toBe(true);
            expect(menu.guest_count).toBe(row!.guestCount);

            if (step.kind === 'save' && before[0]!.status !== 'cancelled') {
              const sent = step.fits ? fitted(step.split, before[0]!.guestCount ?? 0) : step.split;
              const adds = sent.veg + sent.jain + sent.non_veg === before[0]!.guestCount;
              // A save that adds up is taken and clears the mark; one that does not is refused at the field.
              expect(response.statusCode, response.body).toBe(adds ? 200 : 422);
              if (adds) expect(menu.guests_need_review).toBe(false);
            }
            if (step.kind === 'guests' && response.statusCode === 200 && step.count !== before[0]!.guestCount) {
              expect(menu.guests_need_review).toBe(true);
            }

            if (row!.status === 'cancelled') {
              expect(menu.editable).toBe(false);
              if (frozen === null) frozen = await storedMenu(id);
              else expect(await storedMenu(id)).toEqual(frozen);
              if (step.kind === 'save' && before[0]!.status === 'cancelled') expect(response.statusCode).toBe(409);
            }
          }
          if (frozen !== null) {
            // Whoever tries afterwards, with a split that adds up: refused, and nothing moved.
            const guestsNow = (await t.deps.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.guestCount ?? 0;
            for (const by of ['customer', 'admin'] as const) {
              const late = await save(id, { veg: guestsNow, jain: 0, non_veg: 0 }, by);
              expect(late.statusCode).toBe(409);
            }
            expect(await storedMenu(id)).toEqual(frozen);
          }
        },
      ),
      { numRuns: 25, seed: 20261126 },
    );
    // The sequences did reach each kind of step and outcome (a fixed seed keeps this stable).
    for (const outcome of ['guests:200', 'save:200', 'save:422', 'cancel:200', 'save:409']) {
      expect(seen, [...seen].join(' ')).toContain(outcome);
    }
  }, 300_000);
});
