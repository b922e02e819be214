import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingLedger, bookings, paymentOrders, refunds } from '../../src/server/db/schema';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { makeBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

/*
 * The payment schedule paid in full from My Bookings, and payments the team records by hand
 * (docs/product.md#payments): the booking amount confirms, the advance and the balance follow, every rupee is in
 * the ledger, and no payment exceeds what is due.
 */
const { t, admin, alice, bob, inject } = setUpSuite({ admin: 'admin', alice: 'customer', bob: 'customer' });

const today = () => todayInIndia();

/** A ₹1,00,000 quote of Alice's, the event `days` away. */
const aliceQuote = (days = 90, overrides: Parameters<typeof makeBooking>[1] = {}) =>
  makeBooking(t.deps, {
    clientEmail: alice.email,
    userId: alice.id,
    finalAmountPaise: 1_00_000_00,
    eventDate: addDays(today(), days),
    ...overrides,
  });

async function payOrder(url: string, bookingId: string, utr: string) {
  const order = await inject('POST', url, alice.auth, { booking_id: bookingId });
  expect(order.statusCode).toBe(201);
  const paid = await inject('PUT', `/api/admin/payments/${order.json().order_id}/utr`, admin.auth, { utr });
  expect(paid.statusCode).toBe(200);
  return order.json() as { order_id: string; amount: number; note: string };
}

const mine = async (id: string) => (await inject('GET', `/api/me/bookings/${id}`, alice.auth)).json();

let utrSeq = 500_000_000_000;
const nextUtr = () => String(utrSeq++);

describe('paying the schedule from My Bookings', () => {
  it('booking amount, then advance, then balance: the booking is paid in full and nothing is left to pay', async () => {
    const booking = await aliceQuote(90);
    await payOrder('/api/payments/token-order', booking.id, nextUtr());
    let view = await mine(booking.id);
    expect(view.status).toBe('confirmed');
    expect(view.can_pay_instalment).toBe(true);
    expect(view.schedule.instalments.map((row: { kind: string }) => row.kind)).toEqual([
      'booking_amount',
      'advance',
      'balance',
    ]);
    expect(view.schedule.pay_now).toMatchObject({ kind: 'advance', amount: 25_000 - 999 });
    expect(view.schedule.instalments[1].due_date).toBe(addDays(today(), 7));
    expect(view.schedule.instalments[2].due_date).toBe(addDays(today(), 83));

    const advance = await payOrder('/api/payments/instalment-order', booking.id, nextUtr());
    expect(advance.amount).toBe(24_001);
    expect(advance.order_id).toMatch(/^PAY-/);
    expect(advance.note).toBe(`Advance ${advance.order_id}`);
    view = await mine(booking.id);
    expect(view.payment.amount_paid).toBe(25_000);
    expect(view.schedule.pay_now).toMatchObject({ kind: 'balance', amount: 75_000 });

    const balance = await payOrder('/api/payments/instalment-order', booking.id, nextUtr());
    expect(balance.amount).toBe(75_000);
    view = await mine(booking.id);
    expect(view.payment.amount_paid).toBe(1_00_000);
    expect(view.schedule).toMatchObject({ outstanding: 0, due_now: 0, pay_now: null });
    expect(view.can_pay_instalment).toBe(false);

    const again = await inject('POST', '/api/payments/instalment-order', alice.auth, { booking_id: booking.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Nothing is left to pay on this booking');
    expect(view.timeline.map((entry: { label: string }) => entry.label)).toEqual(
      expect.arrayContaining(['Token payment started', 'Advance payment started', 'Balance payment started']),
    );

    const mail = await outboxMails(t.deps, { to: alice.email });
    const receipt = mail.find((m) => m.subject === `Payment received: ₹75,000 balance (${balance.order_id})`);
    expect(receipt?.textBody).toContain('Still to pay');
    const advanceReceipt = mail.find((m) => m.subject.includes(advance.order_id));
    expect(advanceReceipt?.textBody).toContain('Next: Balance: ₹75,000 by');
  });

  it('asking twice reuses the open order; a quoted booking pays its booking amount first', async () => {
    const booking = await aliceQuote(60);
    const early = await inject('POST', '/api/payments/instalment-order', alice.auth, { booking_id: booking.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/booking amount first/);
    await payOrder('/api/payments/token-order', booking.id, nextUtr());
    const first = await inject('POST', '/api/payments/instalment-order', alice.auth, { booking_id: booking.id });
    const second = await inject('POST', '/api/payments/instalment-order', alice.auth, { booking_id: booking.id });
    expect(second.json().order_id).toBe(first.json().order_id);
    expect((await mine(booking.id)).payment.open_order_id).toBe(first.json().order_id);
  });

  it("another customer's booking answers 404, an inquiry or a cancelled booking 409", async () => {
    const booking = await aliceQuote(60, { status: 'confirmed', confirmedAt: new Date() });
    const other = await inject('POST', '/api/payments/instalment-order', bob.auth, { booking_id: booking.id });
    expect(other.statusCode).toBe(404);
    const inquiry = await aliceQuote(60, { status: 'inquiry', finalAmountPaise: null });
    expect(
      (await inject('POST', '/api/payments/instalment-order', alice.auth, { booking_id: inquiry.id })).statusCode,
    ).toBe(409);
    const cancelled = await aliceQuote(60, { status: 'cancelled', cancelledBy: 'customer' });
    expect(
      (await inject('POST', '/api/payments/instalment-order', alice.auth, { booking_id: cancelled.id })).statusCode,
    ).toBe(409);
  });

  it('an event within 30 days owes its advance at once', async () => {
    const booking = await aliceQuote(20);
    await payOrder('/api/payments/token-order', booking.id, nextUtr());
    const view = await mine(booking.id);
    expect(view.schedule.instalments[1]).toMatchObject({ kind: 'advance', due_date: today() });
    expect(view.schedule.due_now).toBe(24_001);
  });

  it('money for an order the customer no longer owes (paid after the team recorded it) is owed back', async () => {
    const booking = await aliceQuote(90);
    await payOrder('/api/payments/token-order', booking.id, nextUtr());
    const order = (
      await inject('POST', '/api/payments/instalment-order', alice.auth, { booking_id: booking.id })
    ).json();
    // The team records the whole rest by bank transfer; the open order is expired...
    const recorded = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 99_001,
      method: 'bank_transfer',
      reference: 'NEFT-HDFC-778812',
    });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json()).toMatchObject({ held: 1_00_000, schedule: { outstanding: 0 } });
    const [expired] = await t.deps.db.select().from(paymentOrders).where(eq(paymentOrders.orderCode, order.order_id));
    expect(expired!.status).toBe('expired');
    // ...and when the customer pays it anyway, the money is received and owed back in full.
    const late = await inject('PUT', `/api/admin/payments/${order.order_id}/utr`, admin.auth, { utr: nextUtr() });
    expect(late.statusCode).toBe(200);
    const account = (await inject('GET', `/api/admin/bookings/${booking.id}/account`, admin.auth)).json();
    expect(account).toMatchObject({ paid: 1_00_000 + 24_001, refunded: 24_001, held: 1_00_000 });
    const owed = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(owed.map((r) => [r.amountPaise, r.policy.reason])).toEqual([[24_001_00, 'paid_over_total']]);
    // The receipts say what each payment did: the token confirmed the booking; the late payment is refunded.
    const receipts = await outboxMails(t.deps, { template: 'payment_receipt', bookingId: booking.id });
    expect(receipts[0]!.textBody).toContain('your booking is now confirmed');
    const last = receipts.at(-1)!;
    expect(last.textBody).toContain('Your booking did not need it, so all of it will be refunded to you.');
    expect(last.textBody).toContain('To be refunded to you: ₹24,001');
    expect(last.textBody).not.toContain('now confirmed');
  });

  it('a token paid after the customer cancelled is refunded, and its receipt says so, not that it confirmed', async () => {
    const booking = await aliceQuote(90);
    const order = (await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id })).json();
    expect((await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth)).statusCode).toBe(200);
    const late = await inject('PUT', `/api/admin/payments/${order.order_id}/utr`, admin.auth, { utr: nextUtr() });
    expect(late.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('cancelled');
    const [receipt] = await outboxMails(t.deps, { template: 'payment_receipt', bookingId: booking.id });
    expect(receipt!.textBody).toContain('Your booking is cancelled, so all of it will be refunded to you.');
    expect(receipt!.textBody).not.toContain('now confirmed');
    expect(receipt!.textBody).not.toContain('within 2 hours');
  });

  it('an open advance order expires with the cancellation; money still paid on it is owed back in full', async () => {
    const booking = await aliceQuote(90);
    await payOrder('/api/payments/token-order', booking.id, nextUtr());
    const order = (
      await inject('POST', '/api/payments/instalment-order', alice.auth, { booking_id: booking.id })
    ).json();
    expect((await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth)).statusCode).toBe(200);
    const status = (await inject('GET', `/api/payment/status/${order.order_id}`, alice.auth)).json();
    expect(status.payment_status).toBe('EXPIRED');
    const late = await inject('PUT', `/api/admin/payments/${order.order_id}/utr`, admin.auth, { utr: nextUtr() });
    expect(late.statusCode).toBe(200);
    const owed = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(owed.map((r) => r.policy.reason)).toContain('paid_after_cancellation');
    expect(owed.find((r) => r.policy.reason === 'paid_after_cancellation')!.amountPaise).toBe(order.amount * 100);
  });
});

describe('payments the team records', () => {
  it('records a part payment by cash, then cheque; the schedule and the ledger follow', async () => {
    const booking = await aliceQuote(90);
    await payOrder('/api/payments/token-order', booking.id, nextUtr());
    const cash = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 10_000,
      method: 'cash',
      reference: 'RCPT-0042',
      note: 'Paid at the tasting',
    });
    expect(cash.statusCode).toBe(201);
    expect(cash.json().message).toBe('Payment of ₹10,000 recorded');
    expect(cash.json().schedule.pay_now).toMatchObject({ kind: 'advance', amount: 14_001 });
    const cheque = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 14_001,
      method: 'cheque',
      reference: '004512',
    });
    expect(cheque.json().schedule.pay_now).toMatchObject({ kind: 'balance', amount: 75_000 });
    const rows = await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, booking.id));
    const payments = rows.filter((r) => r.kind === 'payment');
    expect(payments.map((r) => [r.method, r.reference, r.amountPaise])).toEqual([
      ['upi', expect.any(String), 999_00],
      ['cash', 'RCPT-0042', 10_000_00],
      ['cheque', '004512', 14_001_00],
    ]);
    expect(payments[1]!.note).toBe('Advance by cash: Paid at the tasting');
    const view = await mine(booking.id);
    expect(view.payment.amount_paid).toBe(25_000);
    // The customer sees what the team recorded, with their own references, but not the team's note.
    expect(view.recorded_payments).toEqual([
      { amount: 10_000, method: 'cash', reference: 'RCPT-0042', received_at: expect.any(String) },
      { amount: 14_001, method: 'cheque', reference: '004512', received_at: expect.any(String) },
    ]);
    expect(JSON.stringify(view)).not.toContain('Paid at the tasting');
  });

  it('names every instalment a payment reaches: the advance and the balance paid at once', async () => {
    const booking = await aliceQuote(90);
    await payOrder('/api/payments/token-order', booking.id, nextUtr());
    const rest = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 99_001,
      method: 'bank_transfer',
      reference: 'NEFT-ALL-1',
    });
    expect(rest.statusCode).toBe(201);
    const [row] = (await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, booking.id))).filter(
      (r) => r.reference === 'NEFT-ALL-1',
    );
    expect(row!.note).toBe('Advance and balance by bank transfer');
  });

  it('never more than is left: 409 with the most that can be recorded, and nothing written', async () => {
    const booking = await aliceQuote(90);
    await payOrder('/api/payments/token-order', booking.id, nextUtr());
    const over = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 99_002,
      method: 'bank_transfer',
      reference: 'IMPS-1',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toBe('At most ₹99,001 can be recorded on this booking now');
    const rows = await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, booking.id));
    expect(rows.filter((r) => r.kind === 'payment')).toHaveLength(1);
  });

  it('on a quoted booking at most the booking amount, which confirms it', async () => {
    const booking = await aliceQuote(90);
    const over = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 1000,
      method: 'cash',
      reference: 'R-1',
    });
    expect(over.json().detail).toBe('At most ₹999 can be recorded on this booking now (the booking amount)');
    const part = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 500,
      method: 'cash',
      reference: 'R-2',
    });
    expect(part.json().status).toBe('quoted');
    const rest = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 499,
      method: 'cash',
      reference: 'R-3',
    });
    expect(rest.json()).toMatchObject({ status: 'confirmed', confirmed_on: today(), held: 999 });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.confirmedAt).not.toBeNull();
  });

  it('refuses bad input with 422 per field, a reused UTR with 409, and anyone but an admin', async () => {
    const booking = await aliceQuote(90, { status: 'confirmed', confirmedAt: new Date() });
    const bad = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: -5,
      method: 'bitcoin',
    });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().detail.map((issue: { loc: string[] }) => issue.loc.at(-1));
    expect(fields).toEqual(expect.arrayContaining(['amount', 'method', 'reference']));
    const shortUtr = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 100,
      method: 'upi',
      reference: '1234',
    });
    expect(shortUtr.statusCode).toBe(422);
    const utr = nextUtr();
    const first = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 100,
      method: 'upi',
      reference: utr,
    });
    expect(first.statusCode).toBe(201);
    const reused = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 100,
      method: 'upi',
      reference: utr,
    });
    expect(reused.statusCode).toBe(409);
    const asCustomer = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, alice.auth, {
      amount: 100,
      method: 'cash',
      reference: 'R',
    });
    expect(asCustomer.statusCode).toBe(403);
    const missing = await inject('GET', `/api/admin/bookings/${crypto.randomUUID()}/account`, admin.auth);
    expect(missing.statusCode).toBe(404);
  });

  it('a cancelled booking has no schedule: My Bookings and the admin read what was paid and the refund', async () => {
    const booking = await aliceQuote(60);
    await payOrder('/api/payments/token-order', booking.id, nextUtr());
    await payOrder('/api/payments/instalment-order', booking.id, nextUtr());
    const recorded = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 20_000,
      method: 'cash',
      reference: 'Counter receipt 12',
    });
    expect(recorded.statusCode).toBe(201);
    expect((await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth, {})).statusCode).toBe(200);

    // 60 days out: the 25% deposit is kept and 75% of the other ₹20,000 comes back.
    const view = await mine(booking.id);
    expect(view.schedule).toEqual({ instalments: [], outstanding: 0, due_now: 0, pay_now: null });
    expect(view.payment).toMatchObject({ amount_paid: 45_000, refunded: 15_000 });
    expect(view.refund).toEqual({ amount: 15_000, paid: 0, due: 15_000, status: 'due' });
    const account = (await inject('GET', `/api/admin/bookings/${booking.id}/account`, admin.auth)).json();
    expect(account.schedule.instalments).toEqual([]);
    expect(account.held).toBe(30_000);

    // Paid out, the refund is no longer due.
    const [owed] = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    const paidOut = await inject('PUT', `/api/admin/refunds/${owed!.id}/paid`, admin.auth, { reference: 'NEFT-15K' });
    expect(paidOut.statusCode, paidOut.body).toBe(200);
    expect((await mine(booking.id)).refund).toEqual({ amount: 15_000, paid: 15_000, due: 0, status: 'paid' });
  });

  it('money recorded on a cancelled booking is refused; an inquiry takes none', async () => {
    const cancelled = await aliceQuote(90, { status: 'cancelled', cancelledBy: 'company' });
    const res = await inject('POST', `/api/admin/bookings/${cancelled.id}/payments`, admin.auth, {
      amount: 100,
      method: 'cash',
      reference: 'R',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Payments are not taken on this booking; it is cancelled');
  });

  it('an admin confirming by hand charges the total and starts the schedule today', async () => {
    const booking = await aliceQuote(90);
    const res = await t
      .caller({ token: admin.token })
      .admin.bookings.setStatus({ id: booking.id, status: 'confirmed' });
    expect(res.booking.status).toBe('confirmed');
    const account = await t.caller({ token: admin.token }).admin.payments.bookingAccount({ id: booking.id });
    expect(account).toMatchObject({ confirmed_on: today(), held: 0 });
    expect(account.ledger.map((row) => [row.kind, row.amount])).toEqual([['charge', 1_00_000]]);
    expect(account.schedule.pay_now).toMatchObject({ kind: 'booking_amount', amount: 999 });
    expect(account.schedule.due_now).toBe(999);
  });
});

describe('a payment recorded twice', () => {
  it('refuses a cheque number or receipt already recorded on the booking, also when both arrive at once', async () => {
    const booking = await aliceQuote(90, { status: 'confirmed', confirmedAt: new Date() });
    const record = (method: string, reference: string, amount = 5000) =>
      inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, { amount, method, reference });

    expect((await record('cheque', '004512')).statusCode).toBe(201);
    const again = await record('cheque', '004512');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/^Cheque number 004512 is already recorded on this booking \(₹5,000 on /);
    // Two clicks of one cash receipt at the same moment: one is recorded.
    const both = await Promise.all([record('cash', 'CR-77'), record('cash', 'cr-77')]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    // Another receipt is another payment.
    expect((await record('cash', 'CR-78')).statusCode).toBe(201);
    const payments = (
      await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, booking.id))
    ).filter((row) => row.kind === 'payment');
    expect(payments.map((row) => row.reference!.toUpperCase()).sort()).toEqual(['004512', 'CR-77', 'CR-78']);
  });

  it('takes a UTR on an order and money recorded by hand on its booking when both arrive at once', async () => {
    // Both lock the booking before its orders; taken the other way round, PostgreSQL ended one in a deadlock (a 500).
    for (let round = 0; round < 6; round++) {
      const booking = await aliceQuote(90, { status: 'confirmed', confirmedAt: new Date() });
      const order = await inject('POST', '/api/payments/instalment-order', alice.auth, { booking_id: booking.id });
      expect(order.statusCode, order.body).toBe(201);
      const [utr, recorded] = await Promise.all([
        inject('PUT', `/api/admin/payments/${order.json().order_id}/utr`, admin.auth, { utr: nextUtr() }),
        inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
          amount: 100,
          method: 'cash',
          reference: `Counter receipt R${round}`,
        }),
      ]);
      expect(utr.statusCode, utr.body).toBe(200);
      expect(recorded.statusCode, recorded.body).toBe(201);
      expect((await mine(booking.id)).payment.amount_paid).toBe(order.json().amount + 100);
    }
  });

  it('refuses a UTR recorded by hand for an order on another booking, also when both arrive at once', async () => {
    const booking = await aliceQuote(90, { status: 'confirmed', confirmedAt: new Date() });
    const recordUpi = (reference: string) =>
      inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
        amount: 999,
        method: 'upi',
        reference,
      });
    const tokenOrder = async () => {
      const order = await inject('POST', '/api/payments/token-order', alice.auth, {
        booking_id: (await aliceQuote()).id,
      });
      expect(order.statusCode).toBe(201);
      return (utr: string) => inject('PUT', `/api/admin/payments/${order.json().order_id}/utr`, admin.auth, { utr });
    };

    const handUtr = nextUtr();
    expect((await recordUpi(handUtr)).statusCode).toBe(201);
    const reused = await (await tokenOrder())(handUtr);
    expect(reused.statusCode).toBe(409);
    // The answer names the field it refuses, so a form shows it there (docs/api.md, "Errors").
    expect(reused.json()).toEqual({ detail: 'This UTR is already recorded against another payment', field: 'utr' });
    const again = await recordUpi(handUtr);
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('utr');
    const tooMuch = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 99_99_999,
      method: 'cash',
      reference: 'R-TOO-MUCH',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().field).toBe('amount');
    // One UTR given to an order and recorded by hand at the same moment: one of them takes it.
    const raceUtr = nextUtr();
    const confirm = await tokenOrder();
    const both = await Promise.all([confirm(raceUtr), recordUpi(raceUtr)]);
    // Whichever arrives first takes it (the order's confirmation answers 200, the recorded payment 201); the other 409.
    const [first, second] = both.map((res) => res.statusCode);
    expect([first, second]).toEqual(first === 409 ? [409, 201] : [200, 409]);
    const rows = (await t.deps.db.select().from(bookingLedger)).filter((row) => row.reference === raceUtr);
    expect(rows).toHaveLength(1);
  });
});
