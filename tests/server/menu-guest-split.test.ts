import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMenuItems, bookingMenus } from '../../src/server/db/schema';
import { splitForGuestCount } from '../../src/server/modules/menus/booking-menu.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { BookingMenuDto } from '../../src/shared/schemas/menus';
import { bearer, tokenFor } from './helpers/admin-fixtures';
import { makeBooking, makePricedBooking } from './helpers/projects';
import { makeUser, type MadeUser } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A saved menu when the guest count changes, and when its customer is erased (docs/product.md#menus, "Guests by
 * diet"; docs/security.md, erasure): the split keeps adding up (veg takes the difference, or everyone is veg again
 * when the Jain and non-veg guests no longer fit) and is marked for the customer to check until the menu is saved
 * again; erasure clears the allergy notes and keeps the dishes.
 */

let t: TestApp;
let admin: MadeUser;
let customer: MadeUser;
let adminToken = '';
let customerToken = '';
const dish: Record<'jain' | 'veg', string> = { jain: '', veg: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.deps, { role: 'admin' });
  customer = await makeUser(t.deps, { role: 'customer' });
  adminToken = await tokenFor(t.deps, admin.id);
  customerToken = await tokenFor(t.deps, customer.id);
  for (const [key, diet] of [
    ['jain', 'jain'],
    ['veg', 'veg'],
  ] as const) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dishes',
      headers: bearer(adminToken),
      payload: {
        name: `Split test ${key} starter`,
        course: 'starters',
        diet,
        region: 'malwa',
        allergens: [],
        yield_per_100: 10,
        yield_unit: 'kg',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    dish[key] = (response.json() as { id: string }).id;
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function bookingWithMenu(guests: number, split: { veg: number; jain: number; non_veg: number }) {
  const booking = await makePricedBooking(t.deps, customer, guests);
  const saved = await saveMenu(booking.id, split);
  expect(saved.statusCode, saved.body).toBe(200);
  return booking;
}

const saveMenu = (id: string, guests: { veg: number; jain: number; non_veg: number }) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/me/bookings/${id}/menu`,
    headers: bearer(customerToken),
    payload: {
      guests,
      dish_ids: [dish.jain, dish.veg],
      allergy_notes: 'Two guests allergic to peanuts; Mr Verma is diabetic',
      setup_notes: 'Counters by the garden gate',
    },
  });

const changeGuests = (id: string, guestCount: number) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/bookings/${id}/details`,
    headers: bearer(adminToken),
    payload: { guest_count: guestCount },
  });

async function myMenu(id: string): Promise<BookingMenuDto> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/me/bookings/${id}/menu`,
    headers: bearer(customerToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BookingMenuDto;
}

describe('the split for a new guest count', () => {
  it('keeps the Jain and non-veg guests and lets veg take the difference, or starts again all veg', () => {
    expect(splitForGuestCount({ veg: 80, jain: 30, non_veg: 10 }, 150)).toEqual({ veg: 110, jain: 30, non_veg: 10 });
    expect(splitForGuestCount({ veg: 80, jain: 30, non_veg: 10 }, 45)).toEqual({ veg: 5, jain: 30, non_veg: 10 });
    expect(splitForGuestCount({ veg: 80, jain: 30, non_veg: 10 }, 40)).toEqual({ veg: 0, jain: 30, non_veg: 10 });
    expect(splitForGuestCount({ veg: 80, jain: 30, non_veg: 10 }, 39)).toEqual({ veg: 39, jain: 0, non_veg: 0 });
  });
});

describe('a saved menu when the admin changes the guest count', () => {
  it('follows the new count, is marked for the customer, and the mark goes when the menu is saved again', async () => {
    const booking = await bookingWithMenu(120, { veg: 80, jain: 30, non_veg: 10 });
    expect((await myMenu(booking.id)).guests_need_review).toBe(false);

    expect((await changeGuests(booking.id, 150)).statusCode).toBe(200);
    let menu = await myMenu(booking.id);
    expect(menu.guest_count).toBe(150);
    expect(menu.guests).toEqual({ veg: 110, jain: 30, non_veg: 10 });
    expect(menu.guests_need_review).toBe(true);
    expect(menu.dish_ids.sort()).toEqual([dish.jain, dish.veg].sort());

    expect((await changeGuests(booking.id, 25)).statusCode).toBe(200);
    menu = await myMenu(booking.id);
    expect(menu.guests).toEqual({ veg: 25, jain: 0, non_veg: 0 });
    expect(menu.guests_need_review).toBe(true);

    // The customer fixes the split: it must still add up, and then the mark is gone.
    expect((await saveMenu(booking.id, { veg: 10, jain: 10, non_veg: 10 })).statusCode).toBe(422);
    expect((await saveMenu(booking.id, { veg: 10, jain: 10, non_veg: 5 })).statusCode).toBe(200);
    menu = await myMenu(booking.id);
    expect(menu.guests).toEqual({ veg: 10, jain: 10, non_veg: 5 });
    expect(menu.guests_need_review).toBe(false);
  });

  it('leaves a split that still adds up alone, and a booking without a menu has none made for it', async () => {
    const booking = await bookingWithMenu(120, { veg: 80, jain: 30, non_veg: 10 });
    const venue = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/bookings/${booking.id}/details`,
      headers: bearer(adminToken),
      payload: { venue_name: 'Sayaji Banquet' },
    });
    expect(venue.statusCode, venue.body).toBe(200);
    expect((await myMenu(booking.id)).guests_need_review).toBe(false);

    const bare = await makeBooking(t.deps, {
      userId: customer.id,
      clientEmail: customer.email,
      guestCount: 100,
      eventDate: addDays(todayInIndia(), 50),
      status: 'inquiry',
    });
    expect((await changeGuests(bare.id, 140)).statusCode).toBe(200);
    expect(await t.deps.db.select().from(bookingMenus).where(eq(bookingMenus.bookingId, bare.id))).toEqual([]);
  });
});

describe("erasing the customer and the menus' allergy notes", () => {
  it('clears the allergy notes of every menu of the customer and keeps the dishes and the split', async () => {
    const erasable = await makeUser(t.deps, { role: 'customer' });
    const erasableToken = await tokenFor(t.deps, erasable.id);
    const booking = await makePricedBooking(t.deps, erasable, 100);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/me/bookings/${booking.id}/menu`,
      headers: bearer(erasableToken),
      payload: {
        guests: { veg: 70, jain: 30, non_veg: 0 },
        dish_ids: [dish.jain, dish.veg],
        allergy_notes: 'Anita Desai: severe peanut allergy',
        setup_notes: 'Counters by the garden gate',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const erased = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/customers/${erasable.id}/erase`,
      headers: bearer(adminToken),
    });
    expect(erased.statusCode, erased.body).toBe(200);

    const [menu] = await t.deps.db.select().from(bookingMenus).where(eq(bookingMenus.bookingId, booking.id));
    expect(menu).toMatchObject({ allergyNotes: null, guestsVeg: 70, guestsJain: 30, guestsNonVeg: 0 });
    const items = await t.deps.db.select().from(bookingMenuItems).where(eq(bookingMenuItems.bookingId, booking.id));
    expect(items).toHaveLength(2);
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}/menu`,
      headers: bearer(adminToken),
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect((admin.json() as BookingMenuDto).allergy_notes).toBeNull();
    expect(admin.body).not.toContain('Anita Desai');
  });
});
