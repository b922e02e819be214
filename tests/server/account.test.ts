import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookingLedger, bookings, refunds, subscriptions, users } from '../../src/server/db/schema';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { DEFAULT_PAYMENT_RULES } from '../../src/shared/booking-rules';
import { paymentTerms } from '../../src/shared/payment-terms';
import { makeActor, makeBooking } from './helpers/projects';
import { pdfText } from './helpers/pdf-text';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

const { t, admin, alice, bob, inject } = setUpSuite({ admin: 'admin', alice: 'customer', bob: 'customer' });

const aliceBooking = (overrides: Parameters<typeof makeBooking>[1] = {}) =>
  makeBooking(t.deps, {
    clientEmail: alice.email.toUpperCase(),
    finalAmountPaise: 1_00_000_00,
    subtotalPaise: 84_745_76,
    gstPaise: 15_254_24,
    ...overrides,
  });

const outboxFor = (template: string, to: string) => outboxMails(t.deps, { template, to });

async function payToken(bookingId: string, auth = alice.auth) {
  const order = await inject('POST', '/api/payments/token-order', auth, { booking_id: bookingId });
  expect(order.statusCode).toBe(201);
  const utr = String(Date.now()).slice(-12).padStart(12, '7');
  const res = await inject('PUT', `/api/admin/payments/${order.json().order_id}/utr`, admin.auth, { utr });
  expect(res.statusCode).toBe(200);
  return { order: order.json(), utr };
}

describe('My Bookings', () => {
  it('lists quotes made in the account e-mail before sign-up, newest first, and links them', async () => {
    const older = await aliceBooking({ createdAt: new Date(Date.now() - 60_000) });
    const newer = await aliceBooking();
    await makeBooking(t.deps); // someone else's
    const res = await inject('GET', '/api/me/bookings', alice.auth);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const ids = list.map((b: { id: string }) => b.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.every((b: { id: string }) => [older.id, newer.id].includes(b.id))).toBe(true);
    expect(list[0]).toMatchObject({
      status: 'quoted',
      total: 100000,
      can_cancel: true,
      can_change_date: true,
      can_pay_token: true,
      payment: { token_amount: 999, amount_paid: 0, token_paid: false },
      refund_preview: { days_before: 30, refund_percent: 50, refund_amount: 0, policy_refund_on_total: 37500 },
    });
    const [linked] = await t.deps.db.select().from(bookings).where(eq(bookings.id, older.id));
    expect(linked!.userId).toBe(alice.id);
  });

  it('tRPC bookings.mine matches REST; other roles and anonymous are refused', async () => {
    const viaTrpc = await t.caller({ token: alice.token }).bookings.mine();
    expect(viaTrpc.length).toBeGreaterThan(0);
    expect((await inject('GET', '/api/me/bookings')).statusCode).toBe(401);
    expect((await inject('GET', '/api/me/bookings', admin.auth)).statusCode).toBe(403);
  });

  it('detail has the timeline; a foreign booking is a 404 exactly like a missing id', async () => {
    const mine = await aliceBooking();
    await t.deps.db.insert(auditLog).values({
      action: 'booking.status_changed',
      entityType: 'booking',
      entityId: mine.id,
      data: { from: null, to: 'quoted' },
    });
    const res = await inject('GET', `/api/me/bookings/${mine.id}`, alice.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().timeline[0]).toMatchObject({ label: 'Quote created', to: 'quoted' });

    const foreign = await inject('GET', `/api/me/bookings/${mine.id}`, bob.auth);
    const missing = await inject('GET', `/api/me/bookings/00000000-0000-4000-8000-000000000000`, bob.auth);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json()).toEqual({ detail: 'Booking not found' });
    await expect(t.caller({ token: bob.token }).bookings.mineDetail({ id: mine.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await inject('POST', `/api/me/bookings/${mine.id}/cancel`, bob.auth)).statusCode).toBe(404);
    expect((await inject('GET', `/api/me/bookings/${mine.id}/quote.pdf`, bob.auth)).statusCode).toBe(404);
  });
});

describe('token payment by UPI, confirmed by the admin UTR', () => {
  it('creates one reusable order with a upi:// link for the exact amount and order code', async () => {
    const booking = await aliceBooking();
    const first = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id });
    expect(first.statusCode).toBe(201);
    const order = first.json();
    expect(order).toMatchObject({
      amount: 999,
      purpose: 'token',
      status: 'created',
      provider: 'upi',
      redirect_url: null,
    });
    expect(order.order_id).toMatch(/^TKN-[0-9A-F]{20}$/);
    const uri = new URL(order.upi_uri.replace('upi://', 'https://'));
    expect(uri.searchParams.get('am')).toBe('999.00');
    expect(uri.searchParams.get('cu')).toBe('INR');
    expect(uri.searchParams.get('tr')).toBe(order.order_id);
    expect(uri.searchParams.get('tn')).toContain(order.order_id);
    expect(uri.searchParams.get('pa')).toBe(t.config.brand.upiId);
    const again = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id });
    expect(again.json().order_id).toBe(order.order_id);
    expect((await inject('POST', '/api/payments/token-order', bob.auth, { booking_id: booking.id })).statusCode).toBe(
      404,
    );
    expect((await inject('GET', `/api/payment/status/${order.order_id}`)).json()).toMatchObject({
      is_paid: false,
      payment_status: 'CREATED',
      amount: 999,
    });
  });

  it('end to end: UTR → paid, booking confirmed with audit, one receipt; reused UTR 409; twice 409', async () => {
    const booking = await aliceBooking();
    const { order, utr } = await payToken(booking.id);
    const status = await inject('GET', `/api/payment/status/${order.order_id}`);
    expect(status.json()).toEqual({
      order_id: order.order_id,
      purpose: 'token',
      is_paid: true,
      payment_status: 'PAID',
      amount: 999,
      booking_id: booking.id,
      settled: null,
    });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('confirmed');
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['booking.token_paid', 'booking.status_changed']),
    );
    expect(await outboxFor('payment_receipt', booking.clientEmail)).toHaveLength(1);

    const again = await inject('PUT', `/api/admin/payments/${order.order_id}/utr`, admin.auth, { utr });
    expect(again.statusCode).toBe(409);
    const other = await aliceBooking();
    const otherOrder = (await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: other.id })).json();
    const reused = await inject('PUT', `/api/admin/payments/${otherOrder.order_id}/utr`, admin.auth, { utr });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().detail).toMatch(/UTR is already recorded/);
    expect(
      (await inject('PUT', `/api/admin/payments/${otherOrder.order_id}/utr`, admin.auth, { utr: '12345' })).statusCode,
    ).toBe(422);
    expect(
      (await inject('PUT', `/api/admin/payments/TKN-NOPE/utr`, admin.auth, { utr: '123456789012' })).statusCode,
    ).toBe(404);
    expect(
      (await inject('PUT', `/api/admin/payments/${otherOrder.order_id}/utr`, alice.auth, { utr: '123456789012' }))
        .statusCode,
    ).toBe(403);

    const paidToken = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id });
    expect(paidToken.statusCode).toBe(409);
    const pending = await t.caller({ token: admin.token }).admin.payments.list({ status: 'pending' });
    expect(pending.items.some((p) => p.order_id === otherOrder.order_id)).toBe(true);
    const paid = await t.caller({ token: admin.token }).admin.payments.list({ status: 'paid' });
    expect(paid.items.find((p) => p.order_id === order.order_id)).toMatchObject({ utr, status: 'paid' });
  });

  it('refuses the token on an inquiry or an expired quote', async () => {
    const inquiry = await aliceBooking({ status: 'inquiry' });
    expect((await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: inquiry.id })).statusCode).toBe(
      409,
    );
    const expired = await aliceBooking({ validUntil: addDays(todayInIndia(), -1) });
    const refused = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: expired.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `This quote expired on ${formatLongDate(addDays(todayInIndia(), -1))}; please request a fresh quote`,
    );
  });
});

describe('cancellation and refunds', () => {
  it.each([
    [31, 75],
    [30, 50],
    [15, 50],
    [14, 25],
    [7, 25],
    [6, 0],
    [0, 0],
  ])('preview at %i days before: %i percent', async (days, percent) => {
    const booking = await aliceBooking({ eventDate: addDays(todayInIndia(), days) });
    const res = await inject('GET', `/api/me/bookings/${booking.id}/refund-preview`, alice.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      days_before: days,
      refund_percent: percent,
      deposit: 25000,
      policy_refund_on_total: (75000 * percent) / 100,
    });
  });

  it('customer cancels a paid booking: refund by the terms on what was paid, audit, e-mail; twice 409', async () => {
    const booking = await aliceBooking({ eventDate: addDays(todayInIndia(), 45) });
    await payToken(booking.id);
    // Suppose the customer later paid more (e.g. ₹40,000 in all) by bank transfer, a payment row in the ledger.
    await t.deps.db.insert(bookingLedger).values({
      bookingId: booking.id,
      kind: 'payment',
      amountPaise: 39_001_00,
      method: 'bank_transfer',
      reference: 'NEFT-EXTRA',
      note: 'Bank transfer',
    });
    const preview = (await inject('GET', `/api/me/bookings/${booking.id}/refund-preview`, alice.auth)).json();
    expect(preview).toMatchObject({
      amount_paid: 40000,
      deposit_held: 25000,
      refundable_base: 15000,
      refund_percent: 75,
      refund_amount: 11250,
    });
    const res = await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      booking: { status: 'cancelled', cancelled_by: 'customer', refund: { amount: 11250, status: 'due' } },
      refund: { refund_amount: 11250 },
    });
    expect(await outboxFor('booking_cancelled', booking.clientEmail)).toHaveLength(1);
    // The ledger's row brings the charge to what is kept, and says so (its amount is the change, not what is kept).
    const charges = (await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, booking.id)))
      .filter((row) => row.kind === 'charge')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(charges.at(-1)!.note).toBe('Cancelled: the charge becomes the ₹28,750 kept');
    expect(charges.reduce((sum, row) => sum + row.amountPaise, 0)).toBe(28_750_00);
    expect((await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth)).statusCode).toBe(409);
    expect((await inject('GET', `/api/me/bookings/${booking.id}/refund-preview`, alice.auth)).statusCode).toBe(409);

    const due = await inject('GET', '/api/admin/refunds', admin.auth);
    const refund = due.json().find((r: { booking_id: string }) => r.booking_id === booking.id);
    expect(refund).toMatchObject({ amount: 11250, status: 'due', cancelled_by: 'customer' });
    const paid = await inject('PUT', `/api/admin/refunds/${refund.id}/paid`, admin.auth, { reference: 'NEFT123' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', payment_reference: 'NEFT123' });
    expect((await inject('PUT', `/api/admin/refunds/${refund.id}/paid`, admin.auth, {})).statusCode).toBe(409);
    expect((await inject('GET', '/api/admin/refunds', alice.auth)).statusCode).toBe(403);
  });

  it('admin cancelling is a company cancellation: 100% including the deposit', async () => {
    const booking = await aliceBooking({ eventDate: addDays(todayInIndia(), 3) });
    await payToken(booking.id);
    const res = await inject('PUT', `/api/bookings/${booking.id}/status`, admin.auth, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(row).toMatchObject({ amountPaise: 999_00, cancelledBy: 'company', status: 'due' });
    const list = await t.caller({ token: admin.token }).admin.refunds.list();
    expect(list.items.some((r) => r.booking_id === booking.id)).toBe(true);
  });

  it("the admin's booking answer states the refund an admin's cancellation would record", async () => {
    const booking = await aliceBooking({ eventDate: addDays(todayInIndia(), 45) });
    await payToken(booking.id);
    const before = await inject('GET', `/api/bookings/${booking.id}`, admin.auth);
    expect(before.statusCode).toBe(200);
    expect(before.json().cancellation_refund).toMatchObject({
      cancelled_by: 'company',
      band: 'company_cancelled',
      amount_paid: 999,
      deposit_held: 0,
      refund_percent: 100,
      refund_amount: 999,
    });
    const caller = t.caller({ token: admin.token });
    expect((await caller.admin.bookings.get({ id: booking.id })).cancellation_refund).toEqual(
      before.json().cancellation_refund,
    );

    await caller.admin.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    const [row] = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(row!.amountPaise).toBe(before.json().cancellation_refund.refund_amount * 100);
    // A cancelled booking cannot be cancelled again: nothing more to preview.
    expect((await caller.admin.bookings.get({ id: booking.id })).cancellation_refund).toBeNull();
  });

  it('a token-only customer cancellation owes nothing and records no refund', async () => {
    const booking = await aliceBooking({ eventDate: addDays(todayInIndia(), 60) });
    await payToken(booking.id);
    const res = await t.caller({ token: alice.token }).bookings.cancel({ id: booking.id });
    expect(res.refund).toMatchObject({ amount_paid: 999, refund_amount: 0 });
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(0);
  });
});

describe('date change', () => {
  it('once, 14+ days ahead, within 6 months; refusals quote the rule', async () => {
    const booking = await aliceBooking({ eventDate: addDays(todayInIndia(), 20) });
    const url = `/api/me/bookings/${booking.id}/change-date`;
    const tooFar = await inject('POST', url, alice.auth, { new_date: addDays(todayInIndia(), 20 + 200) });
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().detail[0].msg).toMatch(/within 6 months/);
    expect((await inject('POST', url, alice.auth, { new_date: 'soon' })).statusCode).toBe(422);
    const ok = await inject('POST', url, alice.auth, { new_date: addDays(todayInIndia(), 50) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().booking).toMatchObject({
      event_date: addDays(todayInIndia(), 50),
      date_changed: true,
      can_change_date: false,
    });
    expect(await outboxFor('booking_date_changed', booking.clientEmail)).toHaveLength(1);
    const second = await inject('POST', url, alice.auth, { new_date: addDays(todayInIndia(), 60) });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/already been changed once.*Only one date change/);
    const detail = (await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json();
    expect(detail.timeline.some((e: { action: string }) => e.action === 'booking.date_changed')).toBe(true);
    expect(detail.original_event_date).toBe(addDays(todayInIndia(), 20));

    const close = await aliceBooking({ eventDate: addDays(todayInIndia(), 13) });
    const refused = await inject('POST', `/api/me/bookings/${close.id}/change-date`, alice.auth, {
      new_date: addDays(todayInIndia(), 40),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/at least 14 days before the event/);
  });

  it('is not offered on an expired quote, and refused there without using up the one change', async () => {
    const lapsedOn = addDays(todayInIndia(), -1);
    const booking = await aliceBooking({ eventDate: addDays(todayInIndia(), 60), validUntil: lapsedOn });
    expect((await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json().can_change_date).toBe(false);
    const refused = await inject('POST', `/api/me/bookings/${booking.id}/change-date`, alice.auth, {
      new_date: addDays(todayInIndia(), 90),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `This quote expired on ${formatLongDate(lapsedOn)}; please request a fresh quote for the new date`,
    );
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ eventDate: addDays(todayInIndia(), 60), dateChangedAt: null });
  });
});

describe('quote PDF', () => {
  it('is a PDF with the total in figures and Indian words, for the customer and the admin', async () => {
    const booking = await aliceBooking({ finalAmountPaise: 1_23_450_00, eventName: 'Sharma Sangeet Night' });
    const res = await inject('GET', `/api/me/bookings/${booking.id}/quote.pdf`, alice.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="quote-[0-9A-F]{8}-sharma-sangeet-night\.pdf"$/,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty Only');
    expect(text).toContain('1,23,450');
    const asAdmin = await inject('GET', `/api/bookings/${booking.id}/quote.pdf`, admin.auth);
    expect(asAdmin.statusCode).toBe(200);
    expect((await inject('GET', `/api/bookings/${booking.id}/quote.pdf`, alice.auth)).statusCode).toBe(403);
  });

  it('splits GST by the booking’s place of supply, the rule its GST documents follow', async () => {
    const pdfOf = async (overrides: Parameters<typeof aliceBooking>[0]) => {
      const booking = await aliceBooking({ gstPercent: 18, ...overrides });
      const res = await inject('GET', `/api/me/bookings/${booking.id}/quote.pdf`, alice.auth);
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload).replace(/\s+/g, ' ');
    };
    // A town the city list does not know, with the venue's state named as Madhya Pradesh: CGST + SGST.
    const named = await pdfOf({ city: 'Khandwa', venueStateCode: '23' });
    expect(named).toContain('CGST (9%)');
    expect(named).toContain('Place of supply: Madhya Pradesh (intra-state)');
    // Mumbai is Maharashtra: IGST.
    const mumbai = await pdfOf({ city: 'Mumbai' });
    expect(mumbai).toContain('IGST (18%)');
    expect(mumbai).toContain('Place of supply: Maharashtra (inter-state)');
    // Not known yet: no split is claimed.
    const unknown = await pdfOf({ city: 'Khandwa' });
    expect(unknown).toContain('GST (18%)');
    expect(unknown).not.toContain('CGST (9%)');
    expect(unknown).not.toContain('IGST (18%)');
    expect(unknown).toContain('Place of supply: to be con');
  });

  it('dates the quote by India’s calendar and states the saved schedule’s own terms', async () => {
    // 01:30 on 29 November in India is still 28 November in UTC.
    const booking = await aliceBooking({
      finalAmountPaise: 1_00_000_00,
      eventName: 'Late Night Quote',
      createdAt: new Date('2026-11-28T20:00:00Z'),
    });
    const res = await inject('GET', `/api/me/bookings/${booking.id}/quote.pdf`, alice.auth);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Date November 29th, 2026');
    // The saved schedule's sentences (the test's text reader garbles a few glyphs, so these are ones it reads whole).
    const terms = paymentTerms(DEFAULT_PAYMENT_RULES);
    const balance = 'The balance, the rest of the total, is due 7 days before the event';
    expect(terms.balance).toContain(balance);
    expect(text).toContain(balance);
    expect(text).toContain('The advance brings');
    expect(text).not.toContain('3 days before the event');
  });
});

describe('₹99 subscription', () => {
  it('visitor order → UTR → active → 5% off the owner’s next quote once → admin refund ₹49.50', async () => {
    const email = `sub.${Date.now()}@example.in`;
    expect((await inject('POST', '/api/payments/subscription-order', undefined, { email })).statusCode).toBe(422);
    const created = await inject('POST', '/api/payments/subscription-order', undefined, {
      email,
      phone: '98260 11111',
    });
    expect(created.statusCode).toBe(201);
    const order = created.json();
    expect(order).toMatchObject({ amount: 99, purpose: 'subscription' });
    expect(new URL(order.upi_uri.replace('upi://', 'https://')).searchParams.get('am')).toBe('99.00');
    const utr = await inject('PUT', `/api/admin/payments/${order.order_id}/utr`, admin.auth, { utr: '998877665544' });
    expect(utr.statusCode).toBe(200);
    const [sub] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(sub!.status).toBe('active');
    expect((await inject('GET', `/api/payment/status/${order.order_id}`)).json()).toEqual({
      order_id: order.order_id,
      purpose: 'subscription',
      is_paid: true,
      payment_status: 'PAID',
      amount: 99,
      booking_id: null,
      settled: null,
    });
    expect(
      (await inject('POST', '/api/payments/subscription-order', undefined, { email, phone: '9826011111' })).statusCode,
    ).toBe(409);

    // The discount goes to the owner of the address only: signed in with it, confirmed.
    const owner = await makeActor(t.deps, 'customer', { email });
    const quote = (name: string, auth: { authorization: string } | null = owner.auth) =>
      inject('POST', '/api/quotation/instant', auth ?? undefined, {
        event_type: 'corporate',
        event_date: addDays(todayInIndia(), 40),
        guest_count: 100,
        venue_type: 'indoor',
        tier: 'basic',
        location: 'Indore',
        client_email: email,
        client_name: 'Sub Scriber',
        event_name: name,
      });
    const typed = (await quote('Offsite One', null)).json();
    expect(typed).toMatchObject({ final_amount: 76700, subscription: 'sign_in' });
    expect(typed.subscriber_discount).toBeUndefined();
    const first = (await quote('Offsite One')).json();
    expect(first.quote_id).toBe(typed.quote_id);
    // ₹650 × 100 = ₹65,000; 5% off = ₹61,750; GST ₹11,115; total ₹72,865.
    expect(first.subscriber_discount).toEqual({ percent: 5, amount: 3250 });
    expect(first.subtotal).toBe(61750);
    expect(first.final_amount).toBe(72865);
    expect(first.breakdown.map((l: { key: string }) => l.key)).toContain('subscriber_discount');
    const requote = (await quote('Offsite One')).json();
    expect(requote.quote_id).toBe(first.quote_id);
    expect(requote.subscriber_discount).toEqual({ percent: 5, amount: 3250 });
    const second = (await quote('Offsite Two')).json();
    expect(second.subscriber_discount).toBeUndefined();
    expect(second.final_amount).toBe(76700);

    const refunded = await t.caller({ token: admin.token }).admin.subscriptions.refund({ id: sub!.id });
    expect(refunded).toMatchObject({ status: 'refunded', refund_amount: 49.5 });
    // The order was paid and stays paid; its status page now says the subscription was refunded.
    expect((await inject('GET', `/api/payment/status/${order.order_id}`)).json()).toMatchObject({
      is_paid: true,
      payment_status: 'PAID',
      settled: 'subscription_refunded',
    });
    await expect(t.caller({ token: admin.token }).admin.subscriptions.refund({ id: sub!.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(t.caller({ token: alice.token }).admin.subscriptions.refund({ id: sub!.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('the receipt names the amount once and greets the customer by name when the order has one', async () => {
    const priya = await makeActor(t.deps, 'customer');
    await t.deps.db.update(users).set({ fullName: 'Priya Sharma' }).where(eq(users.id, priya.id));
    const signedIn = await inject('POST', '/api/payments/subscription-order', priya.auth, {});
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const paid = signedIn.json().order_id as string;
    const utr = await inject('PUT', `/api/admin/payments/${paid}/utr`, admin.auth, { utr: '998877665501' });
    expect(utr.statusCode, utr.body).toBe(200);
    const [mail] = await outboxFor('payment_receipt', priya.email);
    expect(mail!.subject).toBe(`Payment received: ₹99 subscription (${paid})`);
    expect(mail!.textBody).toContain('Dear Priya Sharma,');
    expect(mail!.textBody).not.toContain('Dear Customer,');

    // A visitor's order names no one: the greeting stays general.
    const email = `sub.visitor.${Date.now()}@example.in`;
    const visitor = await inject('POST', '/api/payments/subscription-order', undefined, { email, phone: '9826022222' });
    const code = visitor.json().order_id as string;
    expect(
      (await inject('PUT', `/api/admin/payments/${code}/utr`, admin.auth, { utr: '998877665502' })).statusCode,
    ).toBe(200);
    const [general] = await outboxFor('payment_receipt', email);
    expect(general!.subject).toBe(`Payment received: ₹99 subscription (${code})`);
    expect(general!.textBody).toContain('Dear Customer,');

    // A visitor buying from a quote gave a name with it: the receipt uses it.
    const quoted = `sub.quoted.${Date.now()}@example.in`;
    const fromQuote = await inject('POST', '/api/quotation/instant', undefined, {
      event_type: 'corporate',
      event_date: addDays(todayInIndia(), 40),
      guest_count: 100,
      venue_type: 'indoor',
      tier: 'basic',
      location: 'Indore',
      client_email: quoted,
      client_name: 'Asha Verma',
      event_name: 'Verma Offsite',
    });
    expect(fromQuote.statusCode, fromQuote.body).toBe(200);
    const named = await inject('POST', '/api/payments/subscription-order', undefined, {
      email: quoted,
      phone: '9826033333',
      booking_id: fromQuote.json().quote_id,
    });
    expect(named.statusCode, named.body).toBe(201);
    const namedCode = named.json().order_id as string;
    const namedUtr = { utr: '998877665503' };
    expect((await inject('PUT', `/api/admin/payments/${namedCode}/utr`, admin.auth, namedUtr)).statusCode).toBe(200);
    const [greeted] = await outboxFor('payment_receipt', quoted);
    expect(greeted!.textBody).toContain('Dear Asha Verma,');
  });

  it('a signed-in customer needs no e-mail or phone', async () => {
    const order = await t.caller({ token: bob.token }).payments.createSubscriptionOrder({});
    expect(order.purpose).toBe('subscription');
    const [sub] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, bob.id));
    expect(sub!.status).toBe('pending');
  });
});

describe('a booking amount paid in part', () => {
  it('after the team records part of the booking amount, asks for what is left of it', async () => {
    const booking = await aliceBooking({ eventName: 'Part Token Lunch' });
    const recorded = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 500,
      method: 'cash',
      reference: 'R-PART-1',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const mine = (await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json();
    expect(mine).toMatchObject({
      status: 'quoted',
      can_pay_token: true,
      payment: { token_amount: 999, amount_paid: 500, token_paid: false, token_left: 499 },
    });
    const order = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id });
    expect(order.statusCode).toBe(201);
    expect(order.json().amount).toBe(499);
  });
});
