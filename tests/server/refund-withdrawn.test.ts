import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookingLedger, refunds } from '../../src/server/db/schema';
import { ledgerSums } from '../../src/shared/booking-rules';
import { makePricedBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

/*
 * A price lowered after the customer paid owes the difference back (docs/product.md#payments); when the price is
 * raised again before that refund is paid out, the money is kept towards the new total instead of the customer
 * being asked to pay it while the business still owes it to them.
 */
const { t, admin, alice, inject } = setUpSuite();
let sequence = 0;

/** A confirmed booking paid in full (₹999, then the rest, recorded by the team). */
async function paidInFull(guests: number) {
  const booking = await makePricedBooking(t.deps, alice, guests, { days: 45 });
  for (const amount of [999, (booking.finalAmountPaise! - 99_900) / 100]) {
    const pay = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount,
      method: 'bank_transfer',
      reference: `NEFT-RW-${sequence++}`,
    });
    expect(pay.statusCode, pay.body).toBe(201);
  }
  return booking;
}

const guests = async (id: string, count: number) => {
  const res = await inject('PATCH', `/api/admin/bookings/${id}/details`, admin.auth, { guest_count: count });
  expect(res.statusCode, res.body).toBe(200);
};
const refundsOf = (id: string) => t.deps.db.select().from(refunds).where(eq(refunds.bookingId, id));
const accountOf = async (id: string) => (await inject('GET', `/api/admin/bookings/${id}/account`, admin.auth)).json();
const mineOf = async (id: string) => (await inject('GET', `/api/me/bookings/${id}`, alice.auth)).json();
async function sumsOf(id: string) {
  const rows = await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, id));
  return ledgerSums(rows.map((row) => ({ kind: row.kind, amount_paise: row.amountPaise })));
}

describe('a refund owed for money over the total, when the price goes back up', () => {
  it('is withdrawn whole when the new total takes it all: nothing owed either way', async () => {
    const booking = await paidInFull(40);
    await guests(booking.id, 30);
    const [owed] = await refundsOf(booking.id);
    expect(owed).toMatchObject({ status: 'due' });
    expect(owed!.amountPaise).toBeGreaterThan(0);

    await guests(booking.id, 40);
    expect(await refundsOf(booking.id)).toEqual([]);
    const sums = await sumsOf(booking.id);
    expect(sums.held_paise).toBe(sums.charged_paise);
    expect(sums.paid_paise).toBe(booking.finalAmountPaise);
    const account = await accountOf(booking.id);
    expect(account.schedule.outstanding).toBe(0);
    expect(account.can_record_up_to).toBe(0);
    const mine = await mineOf(booking.id);
    expect(mine.refund).toBeNull();
    expect(mine.schedule.due_now).toBe(0);
    expect(mine.timeline.map((line: { label: string }) => line.label)).toContain('Refund kept towards the new total');
    // The ledger only grows: the refund's row stays, with its reversal beside it.
    const rows = await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, booking.id));
    const refundRows = rows.filter((row) => row.kind === 'refund');
    expect(refundRows.map((row) => row.amountPaise).sort((a, b) => a - b)).toEqual([
      -owed!.amountPaise,
      owed!.amountPaise,
    ]);
    expect(refundRows.find((row) => row.amountPaise < 0)!.reversesId).toBe(
      refundRows.find((row) => row.amountPaise > 0)!.id,
    );
  });

  it('keeps only what the new total needs, and the rest is still owed back on the same refund', async () => {
    const booking = await paidInFull(40);
    await guests(booking.id, 30);
    const [owed] = await refundsOf(booking.id);

    await guests(booking.id, 35);
    const [left] = await refundsOf(booking.id);
    expect(left!.id).toBe(owed!.id);
    expect(left!.status).toBe('due');
    const sums = await sumsOf(booking.id);
    // What the customer paid less the new total is what is still owed back, no more and no less.
    expect(left!.amountPaise).toBe(sums.paid_paise - sums.charged_paise);
    expect(sums.held_paise).toBe(sums.charged_paise);
    expect(left!.amountPaise).toBeLessThan(owed!.amountPaise);
    expect(left!.policy).toMatchObject({ reason: 'paid_over_total', refund_amount_paise: left!.amountPaise });
    const withdrawn = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(withdrawn.find((row) => row.action === 'booking.refund_withdrawn')?.data).toEqual({
      refund_id: owed!.id,
      kept_paise: owed!.amountPaise - left!.amountPaise,
      still_owed_paise: left!.amountPaise,
    });

    // Raised again past what was paid: the refund goes, and only the rise is asked for.
    await guests(booking.id, 45);
    expect(await refundsOf(booking.id)).toEqual([]);
    const after = await sumsOf(booking.id);
    expect(after.held_paise).toBe(after.paid_paise);
    expect((await accountOf(booking.id)).schedule.outstanding).toBe((after.charged_paise - after.paid_paise) / 100);
  });

  it('leaves a refund already paid out alone: the customer then owes the rise', async () => {
    const booking = await paidInFull(40);
    await guests(booking.id, 30);
    const [owed] = await refundsOf(booking.id);
    // The account tells what is still to give back from what was given back already.
    expect(await accountOf(booking.id)).toMatchObject({
      refunded: owed!.amountPaise / 100,
      owed_back: owed!.amountPaise / 100,
    });
    const paidOut = await inject('PUT', `/api/admin/refunds/${owed!.id}/paid`, admin.auth, { reference: 'IMPS-1' });
    expect(paidOut.statusCode, paidOut.body).toBe(200);
    expect(await accountOf(booking.id)).toMatchObject({ refunded: owed!.amountPaise / 100, owed_back: 0 });

    await guests(booking.id, 40);
    expect(await refundsOf(booking.id)).toMatchObject([{ id: owed!.id, status: 'paid' }]);
    const sums = await sumsOf(booking.id);
    expect(sums.charged_paise - sums.held_paise).toBe(owed!.amountPaise);
  });
});
