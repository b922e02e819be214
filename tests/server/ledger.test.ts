import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingLedger, bookings, refunds } from '../../src/server/db/schema';
import { bookingSums } from '../../src/server/modules/payments/ledger';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { makeBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

const { t, admin, alice, inject } = setUpSuite();
let utrSeq = 0;

const aliceBooking = (overrides: Parameters<typeof makeBooking>[1] = {}) =>
  makeBooking(t.deps, {
    clientEmail: alice.email,
    userId: alice.id,
    finalAmountPaise: 1_00_000_00,
    eventDate: addDays(todayInIndia(), 60),
    ...overrides,
  });

const nextUtr = () => `4${String(Date.now() % 1e8).padStart(8, '0')}${String(++utrSeq).padStart(3, '0')}`;

async function openOrder(bookingId: string): Promise<string> {
  const res = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: bookingId });
  expect(res.statusCode).toBe(201);
  return res.json().order_id;
}

const recordUtr = (orderId: string) =>
  inject('PUT', `/api/admin/payments/${orderId}/utr`, admin.auth, { utr: nextUtr() });

describe('booking ledger', () => {
  it('a paid booking amount is a payment row and the total a charge; paid and due are sums over the rows', async () => {
    const booking = await aliceBooking();
    expect((await recordUtr(await openOrder(booking.id))).statusCode).toBe(200);
    const rows = await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, booking.id));
    expect(rows.map((r) => [r.kind, r.amountPaise, r.method]).sort()).toEqual([
      ['charge', 1_00_000_00, null],
      ['payment', 999_00, 'upi'],
    ]);
    expect(await bookingSums(t.deps.db, booking.id)).toEqual({
      charged_paise: 1_00_000_00,
      credited_paise: 0,
      paid_paise: 999_00,
      refunded_paise: 0,
      held_paise: 999_00,
      due_paise: 1_00_000_00 - 999_00,
    });
    const mine = (await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json();
    expect(mine.payment).toMatchObject({ amount_paid: 999, refunded: 0 });
  });

  it('rows are never edited: an update is refused by the database', async () => {
    const booking = await aliceBooking();
    await recordUtr(await openOrder(booking.id));
    await expect(
      t.deps.db.update(bookingLedger).set({ amountPaise: 1 }).where(eq(bookingLedger.bookingId, booking.id)),
    ).rejects.toThrow();
    const sums = await bookingSums(t.deps.db, booking.id);
    expect(sums.paid_paise).toBe(999_00);
  });

  for (const cancelledBy of ['customer', 'company'] as const) {
    it(`money recorded after a ${cancelledBy} cancellation is owed back in full`, async () => {
      const booking = await aliceBooking();
      const orderId = await openOrder(booking.id);
      const cancel =
        cancelledBy === 'customer'
          ? await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth)
          : await inject('PUT', `/api/bookings/${booking.id}/status`, admin.auth, { status: 'cancelled' });
      expect(cancel.statusCode).toBe(200);
      const late = await recordUtr(orderId);
      expect(late.statusCode).toBe(200);

      const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row!.status).toBe('cancelled');
      const owed = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
      expect(owed.reduce((sum, r) => sum + r.amountPaise, 0)).toBe(999_00);
      const sums = await bookingSums(t.deps.db, booking.id);
      expect(sums).toMatchObject({ paid_paise: 999_00, refunded_paise: 999_00, held_paise: 0, due_paise: 0 });
      const mine = (await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json();
      expect(mine.refund).toEqual({ amount: 999, paid: 0, due: 999, status: 'due' });
      expect(mine.payment).toMatchObject({ amount_paid: 999, refunded: 999 });
    });
  }

  it('a customer cancellation refunds from what the ledger says was paid, and nothing stays due', async () => {
    const booking = await aliceBooking({ eventDate: addDays(todayInIndia(), 60) });
    await recordUtr(await openOrder(booking.id));
    const cancel = await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth);
    expect(cancel.statusCode).toBe(200);
    // ₹999 is inside the 25% deposit: kept.
    expect(cancel.json().refund).toMatchObject({ amount_paid: 999, deposit_held: 999, refund_amount: 0 });
    expect(await bookingSums(t.deps.db, booking.id)).toMatchObject({
      charged_paise: 999_00,
      held_paise: 999_00,
      due_paise: 0,
    });
  });
});
