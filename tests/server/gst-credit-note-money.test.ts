import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingLedger, bookings, gstDocuments, refunds } from '../../src/server/db/schema';
import { ledgerSums } from '../../src/shared/booking-rules';
import { formatInr } from '../../src/shared/money';
import { registerForGst } from './helpers/gst';
import { makePricedBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

/*
 * A credit note the team issues (docs/gst.md#credit-note: a deficient service, an agreed discount) lowers what the
 * booking costs, and every figure of its money follows: the schedule in My Bookings and the admin's account, what
 * may be recorded or paid, Receivables, a cancellation's refund, and a later re-price, which keeps the credit.
 */
const { t, admin, alice, inject } = setUpSuite();
let sequence = 0;

beforeAll(async () => {
  await registerForGst(t, admin.auth);
}, 60_000);

/** A confirmed booking (₹999 recorded, then a quarter of the total) with its tax invoice. */
async function invoicedBooking(guests = 150) {
  const booking = await makePricedBooking(t.deps, alice, guests, { days: 45 });
  for (const amount of [999, Math.round((booking.finalAmountPaise! / 4) * 100) / 10_000]) {
    const pay = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount,
      method: 'bank_transfer',
      reference: `NEFT-CN-${sequence++}`,
    });
    expect(pay.statusCode, pay.body).toBe(201);
  }
  const issued = await inject('POST', `/api/bookings/${booking.id}/gst/invoice`, admin.auth);
  expect(issued.statusCode, issued.body).toBe(200);
  return booking;
}

async function creditNote(bookingId: string, amount: number) {
  const res = await inject('POST', `/api/bookings/${bookingId}/gst/credit-notes`, admin.auth, {
    amount,
    reason: 'Late service by 45 minutes',
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** What the schedule's instalments add up to: what the booking costs. */
const scheduleTotal = (schedule: { instalments: { amount: number }[] }) =>
  Math.round(schedule.instalments.reduce((sum, row) => sum + row.amount * 100, 0)) / 100;
const receivableOf = async (id: string) =>
  (await inject('GET', '/api/admin/receivables?limit=100', admin.auth))
    .json()
    .items.find((row: { booking_id: string }) => row.booking_id === id);
const accountOf = async (id: string) => (await inject('GET', `/api/admin/bookings/${id}/account`, admin.auth)).json();
const mineOf = async (id: string) => (await inject('GET', `/api/me/bookings/${id}`, alice.auth)).json();
async function sumsOf(id: string) {
  const rows = await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, id));
  return ledgerSums(rows.map((row) => ({ kind: row.kind, amount_paise: row.amountPaise })));
}
/** The invoice plus its debit notes less its credit notes. */
async function documentedOf(id: string) {
  const docs = await t.deps.db.select().from(gstDocuments).where(eq(gstDocuments.bookingId, id));
  const sum = (kind: string) => docs.filter((d) => d.kind === kind).reduce((acc, d) => acc + d.totalPaise, 0);
  return sum('tax_invoice') + sum('debit_note') - sum('credit_note');
}

describe('a credit note the team issues', () => {
  it('lowers what is still to pay everywhere, and paying what is then asked owes nothing back', async () => {
    const booking = await invoicedBooking();
    const before = await accountOf(booking.id);
    const receivableBefore = await receivableOf(booking.id);
    const revenueBefore = (await inject('GET', '/api/dashboard/stats', admin.auth)).json().total_revenue;

    await creditNote(booking.id, 1000);

    // The dashboard's Total Revenue counts what the booking costs now, as the Money tab's totals do.
    const revenue = (await inject('GET', '/api/dashboard/stats', admin.auth)).json().total_revenue;
    expect(Math.round((revenueBefore - revenue) * 100)).toBe(1000_00);

    const after = await accountOf(booking.id);
    expect(after).toMatchObject({ total: booking.finalAmountPaise! / 100, credited: 1000 });
    expect(after.schedule.outstanding).toBe(before.schedule.outstanding - 1000);
    expect(scheduleTotal(after.schedule)).toBe(scheduleTotal(before.schedule) - 1000);
    expect(after.can_record_up_to).toBe(before.can_record_up_to - 1000);
    const mine = await mineOf(booking.id);
    expect(mine.schedule).toEqual(after.schedule);
    expect(mine.total).toBe(booking.finalAmountPaise! / 100);
    expect(mine.credit_notes).toEqual({ credited: 1000, total_after: booking.finalAmountPaise! / 100 - 1000 });
    const receivable = await receivableOf(booking.id);
    expect(receivable.outstanding).toBe(receivableBefore.outstanding - 1000);
    expect(receivable.total).toBe(receivableBefore.total - 1000);

    // The customer pays the rest as asked: the booking is paid in full, and nothing is owed back.
    const paid = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: after.can_record_up_to,
      method: 'bank_transfer',
      reference: `NEFT-CN-${sequence++}`,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toEqual([]);
    const sums = await sumsOf(booking.id);
    expect(sums.held_paise).toBe(sums.charged_paise);
    expect((await accountOf(booking.id)).schedule.outstanding).toBe(0);
    expect((await accountOf(booking.id)).can_record_up_to).toBe(0);
  });

  it('is refused above what the invoice stands at, with the figure written as money', async () => {
    const booking = await invoicedBooking();
    await creditNote(booking.id, 1000);
    const over = await inject('POST', `/api/bookings/${booking.id}/gst/credit-notes`, admin.auth, {
      amount: booking.finalAmountPaise! / 100,
      reason: 'Late service by 45 minutes',
    });
    expect(over.statusCode).toBe(409);
    const standing = formatInr(booking.finalAmountPaise! / 100 - 1000);
    expect(over.json().detail).toMatch(
      new RegExp(`^The invoice INV/\\d{2}-\\d{2}/\\d{5} stands at ${standing}: a credit note can be at most that$`),
    );
  });

  it('is issued once when the same credit arrives twice at once, and again only with its own reason', async () => {
    const booking = await invoicedBooking();
    const send = (reason: string) =>
      inject('POST', `/api/bookings/${booking.id}/gst/credit-notes`, admin.auth, { amount: 750, reason });
    const answers = await Promise.all([send('Starters served cold'), send('  starters   served COLD ')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!;
    const issuedOn = '[A-Z][a-z]+ \\d{1,2}(st|nd|rd|th), \\d{4}';
    expect(refused.json().detail).toMatch(
      new RegExp(
        `^Credit note CN/\\d{2}-\\d{2}/\\d{5} for ₹750 with this reason was issued on ${issuedOn}\\. ` +
          'To credit the booking again, give the new credit its own reason\\.$',
      ),
    );
    const notes = async () =>
      (await t.deps.db.select().from(gstDocuments).where(eq(gstDocuments.bookingId, booking.id))).filter(
        (doc) => doc.kind === 'credit_note',
      );
    expect(await notes()).toHaveLength(1);
    expect((await sumsOf(booking.id)).credited_paise).toBe(75_000);

    const again = await send('Starters served cold, second course');
    expect(again.statusCode, again.body).toBe(200);
    expect(await notes()).toHaveLength(2);
    expect((await sumsOf(booking.id)).credited_paise).toBe(150_000);
  });

  it('stays off through a re-price: more guests bring a debit note for the change alone', async () => {
    const booking = await invoicedBooking(150);
    await creditNote(booking.id, 2500);
    const changed = await inject('PATCH', `/api/admin/bookings/${booking.id}/details`, admin.auth, {
      guest_count: 180,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    const sums = await sumsOf(booking.id);
    expect(sums.credited_paise).toBe(2500_00);
    expect(sums.charged_paise).toBe(row!.finalAmountPaise! - 2500_00);
    expect(await documentedOf(booking.id)).toBe(sums.charged_paise);
    const debit = (await t.deps.db.select().from(gstDocuments).where(eq(gstDocuments.bookingId, booking.id))).find(
      (d) => d.kind === 'debit_note',
    );
    expect(debit?.totalPaise).toBe(row!.finalAmountPaise! - booking.finalAmountPaise!);
    expect(scheduleTotal((await accountOf(booking.id)).schedule)).toBe((row!.finalAmountPaise! - 2500_00) / 100);
  });

  it('shares out the lower total on a cancellation, and the documents end at what is kept', async () => {
    const booking = await invoicedBooking();
    await creditNote(booking.id, 1000);
    const preview = (await mineOf(booking.id)).refund_preview;
    expect(preview.total).toBe(booking.finalAmountPaise! / 100 - 1000);
    const cancelled = await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const sums = await sumsOf(booking.id);
    expect(sums.refunded_paise).toBe(Math.round(preview.refund_amount * 100));
    expect(sums.held_paise).toBe(sums.charged_paise);
    expect(await documentedOf(booking.id)).toBe(sums.charged_paise);
  });
});
