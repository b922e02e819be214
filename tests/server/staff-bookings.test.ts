import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookingLedger, bookingMenus, bookings, notifications } from '../../src/server/db/schema';
import { foldLine, icsText } from '../../src/server/modules/calendar/calendar-feed.service';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { saveCalendarDay } from './helpers/admin-fixtures';
import { makeBooking, makeProject, makeSupplier } from './helpers/projects';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

const { t, admin, customer } = setUpSuite({ admin: 'admin', customer: 'customer' });

const phoneBooking = (overrides: Record<string, unknown> = {}) => ({
  client_name: 'Ramesh Agrawal',
  client_email: 'ramesh.agrawal@example.in',
  client_phone: '98260 11111',
  source: 'phone',
  event_type: 'anniversary',
  event_name: 'Agrawal 25th anniversary',
  event_date: addDays(todayInIndia(), 60),
  event_time: '7:30 pm',
  guest_count: 120,
  venue_type: 'banquet',
  venue_name: 'Sayaji',
  location: 'Indore',
  venue_address: 'Vijay Nagar',
  notes: 'Asked for a Jain counter',
  pricing: 'package',
  tier: 'premium',
  ...overrides,
});

describe('a booking taken by staff', () => {
  it('prices it as /book does, records the source, audits it, e-mails the quote, and shows it in My Bookings', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: admin.auth,
      payload: phoneBooking({ customer_id: customer.id }),
    });
    expect(response.statusCode).toBe(201);
    const { booking } = response.json() as {
      booking: { id: string; status: string; final_amount: number; source: string };
    };
    // Premium ₹1,100 × 1.00 (anniversary, banquet, Indore) × 120 = ₹1,32,000 + 18% GST.
    expect(booking).toMatchObject({ status: 'quoted', source: 'phone', final_amount: 155760 });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.clientEmail).toBe(customer.email);
    expect(row!.userId).toBeNull();
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['booking.status_changed', 'booking.taken_by_staff']);
    expect(audit.every((a) => a.actorUserId === admin.id)).toBe(true);
    const mail = await outboxMails(t.deps, { to: customer.email, template: 'quote' });
    expect(mail).toHaveLength(1);
    // The customer asked on the phone, not on /book: the e-mail is the team's quote, not an "instant" one.
    expect(mail[0]!.subject).toBe('Your quote for Agrawal 25th anniversary: ₹1,55,760');
    expect(mail[0]!.textBody).toContain('Here is the quote we prepared for Agrawal 25th anniversary');
    expect(mail[0]!.textBody).not.toMatch(/instant quote/i);
    // The booking's thread in Booking Details lists it.
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${booking.id}/messages`,
      headers: admin.auth,
    });
    expect(thread.json().map((m: { channel: string; template: string }) => [m.channel, m.template])).toContainEqual([
      'email',
      'quote',
    ]);
    // The customer's account has a confirmed address (makeActor), so My Bookings lists it.
    const mine = await t.app.inject({ method: 'GET', url: '/api/me/bookings', headers: customer.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(booking.id);
  });

  it('enters a custom-quote booking as an inquiry for the admin to price', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: admin.auth,
      payload: phoneBooking({ pricing: 'custom', source: 'walk_in', client_email: 'walkin@example.in' }),
    });
    expect(response.statusCode).toBe(201);
    expect((response.json() as { booking: { status: string; final_amount: number | null } }).booking).toMatchObject({
      status: 'inquiry',
      final_amount: null,
    });
  });

  it('refuses bad input with 422 and a full day with 409 and the next free dates, writing nothing', async () => {
    const before = (await t.deps.db.select().from(bookings)).length;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: admin.auth,
      payload: phoneBooking({ source: 'carrier pigeon', guest_count: 0 }),
    });
    expect(bad.statusCode).toBe(422);
    const day = addDays(todayInIndia(), 90);
    await saveCalendarDay(t.app, admin.auth, { date: day, max_events: 0 });
    const full = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: admin.auth,
      payload: phoneBooking({ event_date: day }),
    });
    expect(full.statusCode).toBe(409);
    expect((full.json() as { next_free_dates: string[] }).next_free_dates).toEqual([
      addDays(day, 1),
      addDays(day, 2),
      addDays(day, 3),
    ]);
    expect((await t.deps.db.select().from(bookings)).length).toBe(before);
  });

  it('refuses customers and suppliers', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: customer.auth,
      payload: phoneBooking(),
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('editing event details', () => {
  it('re-prices a confirmed booking for new guests, moves its ledger charge, and tells the customer and its suppliers', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: admin.auth,
      payload: phoneBooking({ client_email: 'edit.me@example.in' }),
    });
    const id = (created.json() as { booking: { id: string } }).booking.id;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/bookings/${id}/status`,
          headers: admin.auth,
          payload: { status: 'confirmed' },
        })
      ).statusCode,
    ).toBe(200);
    const supplier = await makeSupplier(t.deps);
    await makeProject(t.deps, {
      bookingId: id,
      supplierIds: [supplier.supplierId],
      autoAssignDate: new Date(Date.now() + 3_600_000),
    });

    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/bookings/${id}/details`,
      headers: admin.auth,
      payload: { guest_count: 150, venue_name: 'Radisson Blu' },
    });
    expect(response.statusCode).toBe(200);
    // ₹1,100 × 150 = ₹1,65,000 + 18% GST = ₹1,94,700.
    expect((response.json() as { booking: { final_amount: number } }).booking.final_amount).toBe(194700);
    const charges = await t.deps.db
      .select()
      .from(bookingLedger)
      .where(and(eq(bookingLedger.bookingId, id), eq(bookingLedger.kind, 'charge')));
    expect(charges.reduce((sum, c) => sum + c.amountPaise, 0)).toBe(1_94_700_00);
    const mail = await outboxMails(t.deps, { to: 'edit.me@example.in', template: 'event_details_changed' });
    expect(mail).toHaveLength(1);
    expect(mail[0]!.textBody).toContain('Radisson Blu (was Sayaji)');
    expect(mail[0]!.bookingId).toBe(id);
    expect(mail[0]!.textBody).toContain('₹1,94,700');
    const told = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.supplierId, supplier.supplierId), eq(notifications.kind, 'project_details_changed')));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('guests now 150');
    // Suppliers learn the new supplier budget (70% of the ₹1,65,000 taxable amount), never the customer's total.
    expect(told[0]!.message).toContain('budget now ₹1,15,500');
    const supplierMail = await outboxMails(t.deps, { bookingId: id, template: 'project_details_changed' });
    expect(supplierMail).toHaveLength(1);
    expect(supplierMail[0]!.textBody).toContain('Budget: ₹1,15,500 (was ₹92,400)');
    for (const shown of [told[0]!.message, supplierMail[0]!.textBody, supplierMail[0]!.htmlBody]) {
      expect(shown).not.toContain('1,94,700');
      expect(shown).not.toMatch(/gst/i);
    }
  });

  it('refuses a change that does not fit the day, and a cancelled booking', async () => {
    const day = addDays(todayInIndia(), 95);
    await saveCalendarDay(t.app, admin.auth, { date: day, max_guests: 300 });
    const held = await makeBooking(t.deps, { eventDate: day, status: 'confirmed', guestCount: 250 });
    const tooMany = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/bookings/${held.id}/details`,
      headers: admin.auth,
      payload: { guest_count: 301 },
    });
    expect(tooMany.statusCode).toBe(409);
    const cancelled = await makeBooking(t.deps, { status: 'cancelled' });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/bookings/${cancelled.id}/details`,
      headers: admin.auth,
      payload: { notes: 'x' },
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe("a refusal of the day's capacity, told to the team", () => {
  const saveRules = (limits: { max_events_per_day?: number | null; max_guests_per_day?: number | null }) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/operations',
      headers: admin.auth,
      payload: {
        max_events_per_day: null,
        max_guests_per_day: null,
        supplier_budget_percent: 70,
        bid_floor_percent: 40,
        ...limits,
      },
    });

  it('names the reason and what the team can do when no date has room for the new guest count, not "call us"', async () => {
    const day = addDays(todayInIndia(), 100);
    const held = await makeBooking(t.deps, { eventDate: day, status: 'confirmed', guestCount: 250 });
    expect((await saveRules({ max_guests_per_day: 500 })).statusCode).toBe(200);
    try {
      const tooMany = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/bookings/${held.id}/details`,
        headers: admin.auth,
        payload: { guest_count: 600 },
      });
      expect(tooMany.statusCode).toBe(409);
      const body = tooMany.json() as { detail: string; next_free_dates: string[] };
      expect(body.detail).toBe(
        `${formatLongDate(day)} is not available for 600 guests (Room for 500 more guests on this day). ` +
          'To go ahead on this date, lower the guest count or raise its guest limit ' +
          'in Settings (Capacity and dates). ' +
          'No other date in the next year has room for 600 guests.',
      );
      expect(body.next_free_dates).toEqual([]);
      const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, held.id));
      expect(row!.guestCount).toBe(250);

      // A booking the team takes for that many guests is told the same way.
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/admin/bookings',
        headers: admin.auth,
        payload: phoneBooking({ event_date: day, guest_count: 600, client_email: 'too.many@example.in' }),
      });
      expect(taken.statusCode).toBe(409);
      expect((taken.json() as { detail: string }).detail).toMatch(/No other date in the next year has room/);
      expect((taken.json() as { detail: string }).detail).not.toMatch(/call us/i);

      // The customer, who cannot change the day's limits, is still asked to call.
      const quoted = await t.app.inject({
        method: 'POST',
        url: '/api/quotation/instant',
        payload: {
          event_type: 'anniversary',
          event_date: day,
          guest_count: 600,
          venue_type: 'banquet',
          tier: 'premium',
          location: 'Indore',
          client_email: 'visitor.600@example.in',
          client_name: 'Visitor',
          event_name: 'Big dinner',
        },
      });
      expect(quoted.statusCode).toBe(409);
      expect((quoted.json() as { detail: string }).detail).toMatch(
        /No date in the next year has room; please call us\.$/,
      );
    } finally {
      await saveRules({});
    }
  });

  it('on a day whose events are all taken, says to raise its limits and offers the next free dates', async () => {
    const day = addDays(todayInIndia(), 105);
    await saveCalendarDay(t.app, admin.auth, { date: day, max_events: 1 });
    await makeBooking(t.deps, { eventDate: day, status: 'confirmed', guestCount: 100 });
    const quote = await makeBooking(t.deps, { eventDate: day, status: 'quoted', guestCount: 100 });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/bookings/${quote.id}/details`,
      headers: admin.auth,
      payload: { guest_count: 120 },
    });
    expect(refused.statusCode).toBe(409);
    const free = [addDays(day, 1), addDays(day, 2), addDays(day, 3)];
    expect(refused.json()).toMatchObject({
      detail:
        `${formatLongDate(day)} is not available for 120 guests (Fully booked: 1 of 1 events). ` +
        'To go ahead on this date, raise its limits in Settings (Capacity and dates). ' +
        `The next free dates are ${free.map(formatLongDate).join(', ')}.`,
      next_free_dates: free,
    });
  });
});

describe('the admin calendar and its feed', () => {
  it('lists a month of events with their supplier, and serves a revocable iCalendar feed', async () => {
    const day = addDays(todayInIndia(), 70);
    const booking = await makeBooking(t.deps, {
      eventDate: day,
      status: 'confirmed',
      eventName: 'Sharma, Verma; and sons\\ dinner with a very long name that needs folding at seventy-five octets ✓',
    });
    const events = await t.app.inject({
      method: 'GET',
      url: `/api/admin/calendar/events?from=${day}&to=${addDays(day, 6)}`,
      headers: admin.auth,
    });
    expect(events.statusCode).toBe(200);
    const body = events.json() as {
      events: { booking_id: string; diet: unknown }[];
      days: { date: string; events: number }[];
    };
    expect(body.events.map((e) => e.booking_id)).toContain(booking.id);
    expect(body.days).toHaveLength(7);
    expect(body.events.find((e) => e.booking_id === booking.id)!.diet).toBeNull();

    // Once the customer's menu is saved, the run sheet reads its diet split.
    await t.deps.db
      .insert(bookingMenus)
      .values({ bookingId: booking.id, guestsVeg: 150, guestsJain: 60, guestsNonVeg: 40, guestsNeedReview: true });
    const withMenu = await t.app.inject({
      method: 'GET',
      url: `/api/admin/calendar/events?from=${day}&to=${day}`,
      headers: admin.auth,
    });
    expect((withMenu.json() as typeof body).events.find((e) => e.booking_id === booking.id)!.diet).toEqual({
      veg: 150,
      jain: 60,
      non_veg: 40,
      needs_review: true,
    });

    const made = await t.app.inject({ method: 'POST', url: '/api/admin/calendar/feed', headers: admin.auth });
    expect(made.statusCode).toBe(201);
    const url = (made.json() as { url: string }).url;
    const path = new URL(url).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    for (const line of feed.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = feed.body.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Sharma\\, Verma\\; and sons\\\\ dinner');
    expect(unfolded).toContain(`UID:booking-${booking.id}@`);

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/admin/calendar/feed', headers: admin.auth })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
  });

  it('escapes and folds text by RFC 5545', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'₹'.repeat(40)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'₹'.repeat(40)}`);
  });
});
