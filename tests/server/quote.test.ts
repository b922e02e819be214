import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, auditLog, bookingLedger, bookings } from '../../src/server/db/schema';
import type { AuthUser } from '../../src/server/modules/auth/auth.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { formatInr } from '../../src/shared/money';
import { paiseToRupees, priceQuote } from '../../src/shared/pricing';
import type { InstantQuoteInput } from '../../src/shared/schemas/quote';
import { tokenFor } from './helpers/admin-fixtures';
import { makeUser, outboxMails } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) ' +
  'AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, ' +
  'like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const inAMonth = () => addDays(todayInIndia(), 30);

const payload = (overrides: Record<string, unknown> = {}): InstantQuoteInput =>
  ({
    event_type: 'wedding',
    event_date: inAMonth(),
    guest_count: 350,
    venue_type: 'garden',
    tier: 'premium',
    location: 'Mumbai',
    client_email: 'Ananya.Iyer@Example.in',
    client_name: 'Ananya Iyer',
    event_name: 'Iyer–Menon Wedding',
    ...overrides,
  }) as InstantQuoteInput;

const postQuote = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/quotation/instant', payload: body as object, headers });

const bookingsOf = (email: string) =>
  t.deps.db
    .select()
    .from(bookings)
    .where(sql`lower(${bookings.clientEmail}) = ${email.toLowerCase()}`);

describe('POST /api/quotation/instant', () => {
  it('prices the quote, records the booking, the analytics event and the e-mail', async () => {
    const res = await postQuote(payload(), { 'user-agent': IPHONE });
    expect(res.statusCode).toBe(200);
    const body = res.json();

    const expected = priceQuote({
      tier: 'premium',
      eventType: 'wedding',
      venueType: 'garden',
      city: 'Mumbai',
      guestCount: 350,
    });
    expect(body).toMatchObject({
      tier: 'premium',
      guest_count: 350,
      base_price_per_person: paiseToRupees(expected.basePricePerPersonPaise),
      gross_amount: paiseToRupees(expected.grossPaise),
      discount_percent: 5,
      discount_amount: paiseToRupees(expected.discountPaise),
      subtotal: paiseToRupees(expected.subtotalPaise),
      gst_percent: 18,
      gst_amount: paiseToRupees(expected.gstPaise),
      final_amount: paiseToRupees(expected.finalAmountPaise),
      valid_until: addDays(todayInIndia(), 7),
    });
    // ₹1,461 × 350 = ₹5,11,350; 5% off = ₹4,85,782.50; GST ₹87,440.85; total ₹5,73,223.35.
    expect(body.base_price_per_person).toBe(1461);
    expect(body.subtotal).toBe(485782.5);
    expect(body.gst_amount).toBe(87440.85);
    expect(body.final_amount).toBe(573223.35);
    expect(body.quote_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.breakdown).toEqual([
      { key: 'base', label: 'Premium package: ₹1,461 × 350 guests', amount: 511350 },
      { key: 'discount', label: 'Volume discount (5%)', amount: -25567.5 },
      { key: 'subtotal', label: 'Base amount', amount: 485782.5 },
      { key: 'gst', label: 'GST (18%)', amount: 87440.85 },
      { key: 'total', label: 'Total amount', amount: 573223.35 },
    ]);
    for (const amount of [
      body.subtotal,
      body.gst_amount,
      body.final_amount,
      ...body.breakdown.map((l: { amount: number }) => l.amount),
    ]) {
      expect(Math.round(amount * 100) / 100).toBe(amount);
    }

    const [booking] = await bookingsOf('ananya.iyer@example.in');
    expect(booking).toMatchObject({
      id: body.quote_id,
      status: 'quoted',
      source: 'instant_quote',
      clientEmail: 'ananya.iyer@example.in',
      clientName: 'Ananya Iyer',
      eventType: 'wedding',
      eventName: 'Iyer–Menon Wedding',
      eventDate: inAMonth(),
      venueType: 'garden',
      city: 'Mumbai',
      guestCount: 350,
      pricingTier: 'premium',
      basePricePerPersonPaise: 146_100,
      discountPaise: expected.discountPaise,
      subtotalPaise: 48_578_250,
      gstPaise: 8_744_085,
      finalAmountPaise: 57_322_335,
      validUntil: addDays(todayInIndia(), 7),
      userId: null,
      requirements: { venue_type: 'garden' },
    });

    const events = await t.deps.db.select().from(analyticsEvents).where(eq(analyticsEvents.bookingId, body.quote_id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'quotation',
      ipAddress: '127.0.0.1',
      browser: 'Safari',
      device: 'mobile',
      city: 'Mumbai',
      eventType: 'wedding',
    });

    const mails = await outboxMails(t.deps, { to: 'ananya.iyer@example.in' });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'quote', status: 'pending', attempts: 0 });
    expect(mails[0]!.subject).toBe('Your instant quote for Iyer–Menon Wedding: ₹5,73,223.35');
    expect(mails[0]!.textBody).toContain('Total amount: ₹5,73,223.35');
    expect(mails[0]!.textBody).toContain('Dear Ananya Iyer,');

    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, body.quote_id));
    expect(audit).toMatchObject([{ action: 'booking.status_changed', data: { from: null, to: 'quoted' } }]);
  });

  it('stores the venue name typed on /book and shows it in the e-mail and the admin list, with the venue type apart', async () => {
    const email = 'venue.name@example.in';
    const res = await postQuote(payload({ client_email: email, venue_name: '  Sayaji Lawns ', location: 'Indore' }));
    expect(res.statusCode).toBe(200);
    const [booking] = await bookingsOf(email);
    expect(booking).toMatchObject({ venueName: 'Sayaji Lawns', venueType: 'garden', city: 'Indore' });

    const [mail] = await outboxMails(t.deps, { to: email });
    expect(mail!.textBody).toContain('Venue: Sayaji Lawns, Indore');
    expect(mail!.textBody).toContain('Venue type: Garden');

    const admin = await makeUser(t.deps, { role: 'admin' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/bookings',
      headers: { authorization: `Bearer ${await tokenFor(t.deps, admin.id)}` },
    });
    const row = (list.json() as { id: string; venue_name: string | null }[]).find((item) => item.id === booking!.id);
    expect(row?.venue_name).toBe('Sayaji Lawns');

    // Without a venue name the e-mail names the city only, never the venue type as if it were the venue.
    const bare = 'venue.none@example.in';
    await postQuote(payload({ client_email: bare, location: 'Indore' }));
    const [plain] = await outboxMails(t.deps, { to: bare });
    expect(plain!.textBody).toContain('Venue: Indore');
    expect((await bookingsOf(bare))[0]!.venueName).toBeNull();
  });

  it('refuses a venue name longer than 200 characters with a 422 naming the field', async () => {
    const res = await postQuote(payload({ client_email: 'venue.long@example.in', venue_name: 'x'.repeat(201) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'venue_name'] })]);
  });

  it('updates the same event instead of duplicating it, while the quote is valid', async () => {
    const email = 'rahul.verma@example.in';
    const first = (
      await postQuote(payload({ client_email: email, event_name: 'Verma Sangeet', tier: 'basic' }))
    ).json();
    const again = await postQuote(
      payload({
        client_email: 'RAHUL.VERMA@example.in',
        event_name: '  verma sangeet ',
        tier: 'luxury',
        guest_count: 120,
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().quote_id).toBe(first.quote_id);
    expect(again.json().tier).toBe('luxury');

    const rows = await bookingsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pricingTier: 'luxury', guestCount: 120, eventName: 'Verma Sangeet' });
    expect(rows[0]!.finalAmountPaise).toBe(
      priceQuote({ tier: 'luxury', eventType: 'wedding', venueType: 'garden', city: 'Mumbai', guestCount: 120 })
        .finalAmountPaise,
    );
    // Each quote is still an event for the reports and an e-mail for the customer.
    const events = await t.deps.db.select().from(analyticsEvents).where(eq(analyticsEvents.bookingId, first.quote_id));
    expect(events).toHaveLength(2);
    expect(await outboxMails(t.deps, { to: email })).toHaveLength(2);

    // Another date is another event.
    const otherDay = (
      await postQuote(payload({ client_email: email, event_name: 'Verma Sangeet', event_date: addDays(inAMonth(), 1) }))
    ).json();
    expect(otherDay.quote_id).not.toBe(first.quote_id);

    // Once the quote has expired, a new quote is a new booking.
    await t.deps.db
      .update(bookings)
      .set({ validUntil: addDays(todayInIndia(), -1) })
      .where(eq(bookings.id, first.quote_id));
    const fresh = (await postQuote(payload({ client_email: email, event_name: 'Verma Sangeet' }))).json();
    expect(fresh.quote_id).not.toBe(first.quote_id);
    expect(await bookingsOf(email)).toHaveLength(3);
  });

  it('never re-prices a quote the customer has paid towards: the same event quoted again is a new quote', async () => {
    const email = 'paid.part@example.in';
    const first = (await postQuote(payload({ client_email: email, event_name: 'Part Paid Dinner' }))).json();
    const [before] = await t.deps.db.select().from(bookings).where(eq(bookings.id, first.quote_id));
    // ₹500 of the booking amount recorded by the team.
    await t.deps.db.insert(bookingLedger).values({
      bookingId: first.quote_id,
      kind: 'payment',
      amountPaise: 500_00,
      method: 'cash',
      reference: 'R-17',
      note: 'Part of the booking amount',
    });
    // Anyone can send the form with the customer's e-mail, say for 2 guests.
    const again = await postQuote(payload({ client_email: email, event_name: 'Part Paid Dinner', guest_count: 2 }));
    expect(again.statusCode).toBe(200);
    expect(again.json().quote_id).not.toBe(first.quote_id);
    const [after] = await t.deps.db.select().from(bookings).where(eq(bookings.id, first.quote_id));
    expect(after).toMatchObject({
      guestCount: before!.guestCount,
      finalAmountPaise: before!.finalAmountPaise,
      status: 'quoted',
    });
  });

  it('creates one booking when the same quote is sent several times at once', async () => {
    const body = payload({
      client_email: 'double.click@example.in',
      event_name: 'Office Diwali Party',
      event_type: 'corporate',
    });
    const answers = await Promise.all(Array.from({ length: 6 }, () => postQuote(body)));
    expect(new Set(answers.map((a) => a.json().quote_id)).size).toBe(1);
    expect(await bookingsOf('double.click@example.in')).toHaveLength(1);
  });

  it("accepts today's date in India", async () => {
    const res = await postQuote(payload({ event_date: todayInIndia(), client_email: 'today@example.in' }));
    expect(res.statusCode).toBe(200);
  });

  const tooLong = (n: number) => 'x'.repeat(n);
  it.each<[string, Record<string, unknown>, string]>([
    ['a date in the past (India time)', { event_date: addDays(todayInIndia(), -1) }, 'event_date'],
    ['an impossible date', { event_date: '2031-02-30' }, 'event_date'],
    ['a date in another format', { event_date: '05/03/2031' }, 'event_date'],
    ['0 guests', { guest_count: 0 }, 'guest_count'],
    ['10,001 guests', { guest_count: 10_001 }, 'guest_count'],
    ['2.5 guests', { guest_count: 2.5 }, 'guest_count'],
    ['guests as text', { guest_count: '150' }, 'guest_count'],
    ['an unknown tier', { tier: 'gold' }, 'tier'],
    ['an unknown event type', { event_type: 'concert' }, 'event_type'],
    ['an unknown venue type', { venue_type: 'rooftop' }, 'venue_type'],
    ['a name over 100 characters', { client_name: tooLong(101) }, 'client_name'],
    ['an event name over 150 characters', { event_name: tooLong(151) }, 'event_name'],
    ['a location over 100 characters', { location: tooLong(101) }, 'location'],
    ['an e-mail over 254 characters', { client_email: `${tooLong(250)}@example.in` }, 'client_email'],
    ['a malformed e-mail', { client_email: 'ananya@' }, 'client_email'],
    ['a blank name', { client_name: '   ' }, 'client_name'],
    ['a malformed phone', { client_phone: '12345' }, 'client_phone'],
  ])('answers 422 naming the field for %s', async (_name, overrides, field) => {
    const res = await postQuote(payload(overrides));
    expect(res.statusCode).toBe(422);
    const { detail } = res.json();
    expect(detail).toContainEqual(
      expect.objectContaining({ loc: ['body', field], msg: expect.any(String), type: expect.any(String) }),
    );
    expect(detail.every((d: { loc: string[] }) => d.loc[1] === field)).toBe(true);
  });

  it.each(['event_date', 'guest_count', 'tier', 'client_email', 'client_name'])(
    'answers 422 when %s is missing',
    async (field) => {
      const body: Record<string, unknown> = payload();
      delete body[field];
      const res = await postQuote(body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', field] })]);
    },
  );

  it('fills in the sending defaults for an event type, venue type, city and event name left out', async () => {
    const body: Record<string, unknown> = payload({ client_email: 'defaults.caller@example.in' });
    for (const field of ['event_type', 'venue_type', 'location', 'event_name']) delete body[field];
    const res = await postQuote(body);
    expect(res.statusCode).toBe(200);
    const expected = priceQuote({
      tier: 'premium',
      eventType: 'other',
      venueType: 'outdoor',
      city: 'Mumbai',
      guestCount: 350,
    });
    expect(res.json()).toMatchObject({ final_amount: paiseToRupees(expected.finalAmountPaise) });
    const [booking] = await bookingsOf('defaults.caller@example.in');
    expect(booking).toMatchObject({
      eventType: 'other',
      venueType: 'outdoor',
      eventName: 'Your Event',
      city: 'Mumbai',
    });
  });

  it.each(['event_type', 'venue_type', 'location', 'event_name'])(
    'answers 422 when %s is given blank: a default is for a field left out',
    async (field) => {
      const res = await postQuote(payload({ [field]: '' }));
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', field] })]);
    },
  );

  it('writes nothing for invalid input', async () => {
    await postQuote(payload({ client_email: 'invalid.input@example.in', guest_count: 0 }));
    expect(await bookingsOf('invalid.input@example.in')).toHaveLength(0);
  });

  it('leaves nothing behind when a write in the middle fails', async () => {
    const email = 'outbox.fails@example.in';
    await t.deps.db.execute(
      sql.raw(`ALTER TABLE email_outbox ADD CONSTRAINT test_outbox_refuses CHECK (to_address <> '${email}')`),
    );
    const quotationEvents = async () =>
      (await t.deps.db.select().from(analyticsEvents).where(eq(analyticsEvents.kind, 'quotation'))).length;
    const eventsBefore = await quotationEvents();
    try {
      const res = await postQuote(payload({ client_email: email }));
      expect(res.statusCode).toBe(500);
      expect(res.json().detail).toBe('Internal server error');
      expect(await bookingsOf(email)).toHaveLength(0);
      expect(await quotationEvents()).toBe(eventsBefore);
      expect(await outboxMails(t.deps, { to: email })).toHaveLength(0);
    } finally {
      await t.deps.db.execute(sql`ALTER TABLE email_outbox DROP CONSTRAINT test_outbox_refuses`);
    }
    // And it works again once the fault is gone.
    expect((await postQuote(payload({ client_email: email }))).statusCode).toBe(200);
  });
});

describe('quote.instant (tRPC)', () => {
  it('prices, stores the phone and records the device of the caller', async () => {
    const result = await t.caller({ request: { ip: '198.51.100.20', userAgent: ANDROID } }).quote.instant({
      ...payload({
        client_email: 'kavya.rao@example.in',
        event_type: 'birthday',
        venue_type: 'indoor',
        tier: 'premium',
        guest_count: 80,
      }),
      client_phone: '+91 98450 12345',
    });
    // 1,100 × 0.95 × 1.10 is exactly ₹1,149.50: rounded half-up to ₹1,150, not floating-point's ₹1,149.
    expect(result.base_price_per_person).toBe(1150);
    expect(result.subtotal).toBe(92_000);
    expect(result.gst_amount).toBe(16_560);
    expect(result.final_amount).toBe(108_560);

    const [booking] = await bookingsOf('kavya.rao@example.in');
    expect(booking).toMatchObject({ id: result.quote_id, clientPhone: '+919845012345', status: 'quoted' });
    const [event] = await t.deps.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.bookingId, result.quote_id));
    expect(event).toMatchObject({ kind: 'quotation', ipAddress: '198.51.100.20', browser: 'Chrome', device: 'mobile' });
  });

  it('links the booking to the signed-in customer only when it is in their own e-mail', async () => {
    const made = await makeUser(t.deps, { email: 'signed.in@example.in' });
    const user: AuthUser = {
      id: made.id,
      email: made.email,
      fullName: 'Signed In',
      phone: null,
      city: null,
      role: 'customer',
      createdAt: new Date(),
      supplierId: null,
      emailVerified: true,
    };
    const own = await t.caller({ user }).quote.instant(payload({ client_email: 'Signed.In@example.in' }));
    const other = await t.caller({ user }).quote.instant(payload({ client_email: 'someone.else@example.in' }));
    const [ownRow] = await t.deps.db.select().from(bookings).where(eq(bookings.id, own.quote_id));
    const [otherRow] = await t.deps.db.select().from(bookings).where(eq(bookings.id, other.quote_id));
    expect(ownRow!.userId).toBe(made.id);
    expect(otherRow!.userId).toBeNull();

    // A stale token does not stop a visitor from getting a quote.
    const stale = await t
      .caller({ token: 'expired.or.garbage' })
      .quote.instant(payload({ client_email: 'stale.token@example.in' }));
    expect(stale.quote_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers BAD_REQUEST with the same loc/msg/type issues as REST', async () => {
    const error = await t
      .caller()
      .quote.instant(payload({ guest_count: 10_001 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/quote.instant',
      payload: payload({ venue_type: 'rooftop' }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.message).toBe('Choose a valid venue type');
    expect(body.error.data.issues).toEqual([
      expect.objectContaining({ loc: ['input', 'venue_type'], msg: 'Choose a valid venue type' }),
    ]);
  });

  it('answers over HTTP with the quote', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/quote.instant',
      payload: payload({
        client_email: 'http.trpc@example.in',
        guest_count: 50,
        tier: 'basic',
        event_type: 'other',
        venue_type: 'indoor',
        location: 'Indore',
      }),
      headers: { 'user-agent': IPHONE },
    });
    expect(res.statusCode).toBe(200);
    const quote = res.json().result.data;
    expect(quote).toMatchObject({
      base_price_per_person: 650,
      subtotal: 32_500,
      gst_amount: 5_850,
      final_amount: 38_350,
    });
    expect(formatInr(quote.final_amount)).toBe('₹38,350');
    const rows = await outboxMails(t.deps, { to: 'http.trpc@example.in', template: 'quote' });
    expect(rows).toHaveLength(1);
  });
});
