import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, bookings, calendarDays, refunds, settings } from '../../src/server/db/schema';
import { OPERATIONS_RULES_KEY } from '../../src/server/modules/calendar/calendar.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { formatSignedInr } from '../../src/shared/money';
import { bearer, saveCalendarDay, tokenFor } from './helpers/admin-fixtures';
import { makeBooking } from './helpers/projects';
import { makeUser, type MadeUser } from './helpers/fixtures';
import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: MadeUser;
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.deps, { role: 'admin' });
  adminToken = await tokenFor(t.deps, admin.id);
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.deps.db.delete(calendarDays);
  await t.deps.db.delete(settings).where(eq(settings.key, OPERATIONS_RULES_KEY));
});

const saveRules = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/operations',
    headers: bearer(adminToken),
    payload: {
      max_events_per_day: null,
      max_guests_per_day: null,
      supplier_budget_percent: 70,
      bid_floor_percent: 40,
      ...body,
    },
  });
const saveDay = (day: Parameters<typeof saveCalendarDay>[2]) => saveCalendarDay(t.app, bearer(adminToken), day);
const setStatus = (id: string, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/status`, headers: bearer(adminToken), payload: { status } });

describe('a date with its own settings', () => {
  it('is set from today on: a day that has passed is refused at its field, and today is taken', async () => {
    const past = await saveDay({ date: addDays(todayInIndia(), -27), closed_reason: 'Diwali' });
    expect(past.statusCode).toBe(422);
    expect(past.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'date'], msg: expect.stringContaining('Choose today or a later date') }),
    ]);
    expect((await saveDay({ date: todayInIndia(), closed_reason: 'Staff day out' })).statusCode).toBe(200);
    expect((await saveDay({ date: todayInIndia() })).statusCode).toBe(200);
  });
});

describe('the everyday limits', () => {
  it('refuse 0, which would close every date of the year, at its field; a date of its own may take 0', async () => {
    const zero = await saveRules({ max_events_per_day: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'max_events_per_day'],
        msg: 'Events per day must be at least 1, or empty for no limit',
      }),
    ]);
    expect((await saveRules({ max_guests_per_day: 0 })).statusCode).toBe(422);
    expect((await saveDay({ date: addDays(todayInIndia(), 150), max_events: 0 })).statusCode).toBe(200);
  });
});

describe('capacity at confirmation', () => {
  it('refuses the confirmation that would overfill a day with 409, the reason and the next three free dates', async () => {
    const day = addDays(todayInIndia(), 200);
    expect((await saveRules({ max_events_per_day: 2 })).statusCode).toBe(200);
    // The next day is closed, so the free dates skip it.
    expect((await saveDay({ date: addDays(day, 1), closed_reason: 'Navratri: kitchen closed' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) await makeBooking(t.deps, { eventDate: day, status: 'confirmed' });
    const third = await makeBooking(t.deps, { eventDate: day });
    const refused = await setStatus(third.id, 'confirmed');
    expect(refused.statusCode).toBe(409);
    const body = refused.json() as { detail: string; next_free_dates: string[] };
    expect(body.detail).toContain('Fully booked: 2 of 2 events');
    expect(body.next_free_dates).toEqual([addDays(day, 2), addDays(day, 3), addDays(day, 4)]);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, third.id));
    expect(row!.status).toBe('quoted');
  });

  it('counts guests: a day with room for 500 guests takes 300 and 200 but not one more', async () => {
    const day = addDays(todayInIndia(), 201);
    await saveDay({ date: day, max_guests: 500 });
    const a = await makeBooking(t.deps, { eventDate: day, guestCount: 300 });
    const b = await makeBooking(t.deps, { eventDate: day, guestCount: 200 });
    const c = await makeBooking(t.deps, { eventDate: day, guestCount: 1 });
    expect((await setStatus(a.id, 'confirmed')).statusCode).toBe(200);
    expect((await setStatus(b.id, 'confirmed')).statusCode).toBe(200);
    const refused = await setStatus(c.id, 'confirmed');
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { detail: string }).detail).toContain('Fully booked: 500 of 500 guests');
    // A limit lowered below what is already booked says how many are booked, not the limit twice.
    await saveDay({ date: day, max_guests: 400 });
    const lowered = await setStatus(c.id, 'confirmed');
    expect((lowered.json() as { detail: string }).detail).toContain('Fully booked: 500 of 400 guests');
  });

  it('refuses an instant quote for a closed day, with the next free dates, and writes nothing', async () => {
    const day = addDays(todayInIndia(), 202);
    await saveDay({ date: day, closed_reason: 'Owner’s family wedding' });
    const before = await t.deps.db.select().from(bookings);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/quotation/instant',
      payload: {
        event_type: 'wedding',
        event_date: day,
        guest_count: 150,
        venue_type: 'banquet',
        tier: 'premium',
        location: 'Indore',
        client_email: 'asha@example.in',
        client_name: 'Asha Verma',
        event_name: 'Verma wedding',
      },
    });
    expect(response.statusCode).toBe(409);
    const body = response.json() as { detail: string; next_free_dates: string[] };
    expect(body.detail).toContain('Closed: Owner’s family wedding');
    expect(body.next_free_dates).toHaveLength(3);
    expect(body.next_free_dates[0]).toBe(addDays(day, 1));
    expect(await t.deps.db.select().from(bookings)).toHaveLength(before.length);
  });

  it('prices a peak date with its surcharge as its own quote line, to the paisa, with its reason', async () => {
    const day = addDays(todayInIndia(), 203);
    await saveDay({ date: day, surcharge_percent: 12.5, surcharge_reason: 'Dev Uthani Ekadashi' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/quotation/instant',
      payload: {
        event_type: 'wedding',
        event_date: day,
        guest_count: 333,
        venue_type: 'banquet',
        tier: 'premium',
        location: 'Indore',
        client_email: 'peak@example.in',
        client_name: 'Neha Jain',
        event_name: 'Jain wedding',
      },
    });
    expect(response.statusCode).toBe(200);
    const quote = response.json() as {
      quote_id: string;
      subtotal: number;
      gst_amount: number;
      final_amount: number;
      breakdown: { key: string; label: string; amount: number }[];
    };
    // ₹1,265 × 333 = ₹4,21,245; 5% volume discount ₹21,062.25 → ₹4,00,182.75; 12.5% of it = ₹50,022.84375 → ₹50,022.84.
    const line = quote.breakdown.find((l) => l.key === 'surcharge')!;
    expect(line).toEqual({
      key: 'surcharge',
      label: 'Peak date surcharge (12.5%): Dev Uthani Ekadashi',
      amount: 50022.84,
    });
    expect(quote.subtotal).toBe(450205.59);
    expect(quote.gst_amount).toBe(81037.01);
    expect(quote.final_amount).toBe(531242.6);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, quote.quote_id));
    expect(row!.surchargePaise).toBe(50022_84);
    expect(row!.surchargeReason).toBe('Dev Uthani Ekadashi');
    expect(row!.finalAmountPaise).toBe(531242_60);
  });

  /** A customer's instant quote for a luxury garden wedding of 320 guests on a Valentine's Day peak date of 10%. */
  async function peakQuote() {
    const customer = await makeUser(t.deps);
    const auth = bearer(await tokenFor(t.deps, customer.id));
    const day = addDays(todayInIndia(), 207);
    await saveDay({ date: day, surcharge_percent: 10, surcharge_reason: "Valentine's Day" });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/quotation/instant',
      headers: auth,
      payload: {
        event_type: 'wedding',
        event_date: day,
        guest_count: 320,
        venue_type: 'garden',
        tier: 'luxury',
        location: 'Indore',
        client_email: customer.email,
        client_name: 'Kavya Mehta',
        event_name: 'Mehta Valentine wedding',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    // The quote e-mail lists these lines (`quoteEmail` renders the answer's `breakdown`).
    const quote = response.json() as { quote_id: string; breakdown: { key: string; label: string; amount: number }[] };
    return { auth, quote };
  }

  it('prints the peak surcharge on the quote PDF as the quote e-mail lists it, so the lines add up', async () => {
    const { auth, quote } = await peakQuote();
    // ₹2,174 × 320 = ₹6,95,680; 5% off ₹34,784 → ₹6,60,896; 10% of it ₹66,089.60 → ₹7,26,985.60.
    expect(quote.breakdown.find((l) => l.key === 'surcharge')).toEqual({
      key: 'surcharge',
      label: "Peak date surcharge (10%): Valentine's Day",
      amount: 66_089.6,
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/me/bookings/${quote.quote_id}/quote.pdf`,
      headers: auth,
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    const money = formatSignedInr;
    // Every line of the e-mail, in its words and figures; GST is split by the place of supply (Madhya Pradesh).
    for (const line of quote.breakdown.filter((l) => l.key !== 'gst')) {
      expect(text).toContain(`${line.label}${money(line.amount)}`);
    }
    expect(text).toContain("Peak date surcharge (10%): Valentine's Day₹66,089.60");
    expect(text).toContain('Base amount₹7,26,985.60');
    expect(text).toContain('Total amount₹8,57,843.01');
  });

  it('lists the quote e-mail’s lines on My Bookings, the peak surcharge among them', async () => {
    const { auth, quote } = await peakQuote();
    const detail = await t.app.inject({ method: 'GET', url: `/api/me/bookings/${quote.quote_id}`, headers: auth });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().quote_lines).toEqual(quote.breakdown);
    expect(quote.breakdown.map((l) => l.key)).toEqual(['base', 'discount', 'surcharge', 'subtotal', 'gst', 'total']);
  });

  it('audits a changed date and changed numbers', async () => {
    await saveRules({ max_events_per_day: 4 });
    await saveDay({ date: addDays(todayInIndia(), 204), max_events: 6 });
    const actions = (await t.deps.db.select().from(auditLog).where(eq(auditLog.actorUserId, admin.id))).map(
      (a) => a.action,
    );
    expect(actions).toContain('settings.operations_rules_changed');
    expect(actions).toContain('calendar.day_changed');
  });
});

describe('availability for the pickers', () => {
  type Availability = { month: string; today: string; days: { date: string; status: string; reason: string | null }[] };
  const availability = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/calendar/availability?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as Availability;
  };

  it('answers only the month asked for, every date of it, including the 29th of a leap February', async () => {
    const feb = await availability('month=2028-02');
    expect(feb.days.map((d) => d.date)).toHaveLength(29);
    expect(feb.days[0]!.date).toBe('2028-02-01');
    expect(feb.days.at(-1)!.date).toBe('2028-02-29');
    const dec = await availability('month=2027-12');
    expect(dec.days.at(-1)!.date).toBe('2027-12-31');
  });

  it('counts a booking on the last day of a month in that month and not in the next', async () => {
    await saveRules({ max_events_per_day: 1 });
    await makeBooking(t.deps, { eventDate: '2027-10-31', status: 'confirmed' });
    const october = await availability('month=2027-10');
    expect(october.days.find((d) => d.date === '2027-10-31')).toMatchObject({ status: 'full' });
    expect(october.days.find((d) => d.date === '2027-10-30')).toMatchObject({ status: 'available' });
    const november = await availability('month=2027-11');
    expect(november.days.every((d) => d.status === 'available')).toBe(true);
  });

  it('shows a day without room for the guests asked about as full, and the same day open for a smaller event', async () => {
    await saveDay({ date: '2027-09-15', max_guests: 400 });
    await makeBooking(t.deps, { eventDate: '2027-09-15', status: 'confirmed', guestCount: 300 });
    const big = await availability('month=2027-09&guests=150');
    expect(big.days.find((d) => d.date === '2027-09-15')).toMatchObject({
      status: 'full',
      reason: 'Room for 100 more guests on this day',
    });
    const small = await availability('month=2027-09&guests=80');
    expect(small.days.find((d) => d.date === '2027-09-15')).toMatchObject({ status: 'available' });
  });

  it('counts "today" in India across the date line: at 20:00 UTC on March 31st it is already April 1st', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2027-03-31T20:00:00Z'));
      const march = await availability('month=2027-03');
      expect(march.today).toBe('2027-04-01');
      expect(march.days.every((d) => d.status === 'past')).toBe(true);
      const april = await availability('month=2027-04');
      expect(april.days[0]).toMatchObject({ date: '2027-04-01', status: 'available' });
      vi.setSystemTime(new Date('2027-03-31T18:29:59Z'));
      const stillMarch = await availability('month=2027-03');
      expect(stillMarch.days.at(-1)).toMatchObject({ date: '2027-03-31', status: 'available' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a month that is not YYYY-MM with 422', async () => {
    for (const month of ['2027-13', '2027-1', 'march', '']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/calendar/availability?month=${month}` });
      expect(response.statusCode).toBe(422);
    }
  });
});

describe('money that arrives for a day that filled meanwhile', () => {
  it('keeps the booking quoted and owes the payment back in full', async () => {
    const { receiveBookingPayment } = await import('../../src/server/modules/payments/payment-orders.service');
    const day = addDays(todayInIndia(), 210);
    await saveDay({ date: day, max_events: 1 });
    await makeBooking(t.deps, { eventDate: day, status: 'confirmed' });
    const late = await makeBooking(t.deps, { eventDate: day });
    await t.deps.db.transaction(async (tx) => {
      await receiveBookingPayment(t.deps, tx, late.id, {
        amountPaise: 999_00,
        method: 'gateway',
        reference: 'cf_1',
        order: null,
        label: 'Booking amount',
        actorUserId: null,
        via: 'cashfree_webhook',
        paidAt: new Date(),
      });
    });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, late.id));
    expect(row!.status).toBe('quoted');
    const owed = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, late.id));
    expect(owed).toHaveLength(1);
    expect(owed[0]!.amountPaise).toBe(999_00);
  });
});
