import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, paymentReminders } from '../../src/server/db/schema';
import { startPaymentRemindersRunner } from '../../src/server/jobs/payment-reminders';
import { quoteReference } from '../../src/server/mail/templates';
import type { MailTransport } from '../../src/server/mail/transport';
import { addPayment } from '../../src/server/modules/payments/ledger';
import { sendBookingReminders } from '../../src/server/modules/payments/payment-reminders.service';
import { makeBooking } from './helpers/projects';
import { createTestApp } from './helpers/test-app';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

/*
 * Payment reminders (docs/product.md#payments, docs/decisions.md "Payment reminders"): the sweep sends each
 * instalment's reminder 3 days before its due date, on the day and a day late, exactly once however many sweeps
 * run; nothing for money already paid or a cancelled booking. An admin sends one by hand.
 */
const { t, admin, alice } = setUpSuite();

/** An instant on an India day, at 10:00 India time unless told otherwise. */
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:30`);

/** The clock the runners read; each test moves it. */
let clock = at('2030-03-01');
const runner = () => startPaymentRemindersRunner(t.deps, { now: () => clock, sweepIntervalMs: 3_600_000 });

/**
 * A ₹1,00,000 booking of Alice's confirmed on 1 March 2030, its event on 1 June: booking amount ₹999 due on
 * 1 March, the advance of ₹24,001 on 8 March, the balance of ₹75,000 on 25 May. `paidPaise` is already received.
 */
async function confirmedBooking(
  paidPaise = 999_00,
  overrides: Parameters<typeof makeBooking>[1] = {},
): Promise<typeof bookings.$inferSelect> {
  const booking = await makeBooking(t.deps, {
    userId: alice.id,
    clientEmail: alice.email,
    status: 'confirmed',
    confirmedAt: at('2030-03-01', '12:00'),
    eventDate: '2030-06-01',
    finalAmountPaise: 1_00_000_00,
    ...overrides,
  });
  if (paidPaise > 0) await pay(booking.id, paidPaise);
  return booking;
}

let reference = 0;
async function pay(bookingId: string, amountPaise: number) {
  await addPayment(t.deps.db, {
    bookingId,
    amountPaise,
    method: 'bank_transfer',
    reference: `NEFT-${(reference += 1)}`,
    actorUserId: admin.id,
    note: 'Paid by bank transfer',
  });
}

async function remindersOf(bookingId: string) {
  return t.deps.db
    .select()
    .from(paymentReminders)
    .where(eq(paymentReminders.bookingId, bookingId))
    .orderBy(paymentReminders.sentAt);
}

async function mailsOf(bookingId: string) {
  const rows = await remindersOf(bookingId);
  const mails = await outboxMails(t.deps, { template: 'payment_reminder' });
  return rows.map((row) => mails.find((mail) => mail.id === row.emailId)!);
}

const stagesOf = async (bookingId: string) =>
  (await remindersOf(bookingId)).map((r) => `${r.instalment} ${r.dueDate} ${r.stage}`);

describe('the reminder sweep', () => {
  it("sends the advance's reminder 3 days before, on the day and a day late, each once", async () => {
    const booking = await confirmedBooking();
    const sweeper = runner();
    try {
      clock = at('2030-03-04');
      await sweeper.sweepOnce();
      expect(await stagesOf(booking.id)).toEqual([]);

      clock = at('2030-03-05');
      await sweeper.sweepOnce();
      await sweeper.sweepOnce();
      expect(await stagesOf(booking.id)).toEqual(['advance 2030-03-08 before']);
      const [before] = await mailsOf(booking.id);
      expect(before!.toAddress).toBe(alice.email);
      expect(before!.subject).toBe(
        `Payment reminder: ₹24,001 advance due on March 8th, 2030 (${quoteReference(booking.id)})`,
      );
      expect(before!.textBody).toContain('Amount due: ₹24,001');
      expect(before!.textBody).toContain('Paid so far: ₹999');
      expect(before!.textBody).toContain(`${t.config.publicBaseUrl}/bookings/${booking.id}`);

      clock = at('2030-03-08');
      await sweeper.sweepOnce();
      clock = at('2030-03-09');
      await sweeper.sweepOnce();
      clock = at('2030-03-10');
      await sweeper.sweepOnce();
      expect(await stagesOf(booking.id)).toEqual([
        'advance 2030-03-08 before',
        'advance 2030-03-08 due',
        'advance 2030-03-08 overdue',
      ]);
      const subjects = (await mailsOf(booking.id)).map((mail) => mail.subject);
      expect(subjects[1]).toBe(`Payment reminder: ₹24,001 advance due today (${quoteReference(booking.id)})`);
      expect(subjects[2]).toBe(
        `Payment reminder: ₹24,001 advance overdue since March 8th, 2030 (${quoteReference(booking.id)})`,
      );

      const audit = await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'booking.payment_reminder_sent')));
      expect(audit.map((a) => [a.actorUserId, a.data.stage])).toEqual([
        [null, 'before'],
        [null, 'due'],
        [null, 'overdue'],
      ]);
    } finally {
      await sweeper.stop();
    }
  });

  it('two runners sweeping at once send one reminder', async () => {
    const booking = await confirmedBooking();
    clock = at('2030-03-05');
    const [a, b] = [runner(), runner()];
    try {
      const outcomes = await Promise.all([a.sweepOnce(), b.sweepOnce()]);
      const sentHere = outcomes.flatMap((o) => o.sent).filter((r) => r.bookingId === booking.id);
      expect(sentHere).toHaveLength(1);
      expect(outcomes.flatMap((o) => o.failed)).toEqual([]);
      expect(await stagesOf(booking.id)).toEqual(['advance 2030-03-08 before']);
      expect(await mailsOf(booking.id)).toHaveLength(1);

      clock = at('2030-03-08');
      const sends = await Promise.all([1, 2, 3, 4].map(() => sendBookingReminders(t.deps, booking.id, clock)));
      expect(sends.flat().map((r) => r.stage)).toEqual(['due']);
      expect(await mailsOf(booking.id)).toHaveLength(2);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("sends nothing before 09:00 India time, then the day's reminders", async () => {
    const booking = await confirmedBooking();
    const sweeper = runner();
    try {
      clock = at('2030-03-05', '08:59');
      await sweeper.sweepOnce();
      expect(await stagesOf(booking.id)).toEqual([]);
      clock = at('2030-03-05', '09:00');
      await sweeper.sweepOnce();
      expect(await stagesOf(booking.id)).toEqual(['advance 2030-03-08 before']);
    } finally {
      await sweeper.stop();
    }
  });

  it('stops once the instalment is paid: the sending transaction reads the ledger again', async () => {
    const booking = await confirmedBooking();
    const sweeper = runner();
    try {
      clock = at('2030-03-05');
      await sweeper.sweepOnce();
      await pay(booking.id, 24_001_00);
      clock = at('2030-03-08');
      // Straight to the transaction, as a sweep that read the booking before the payment would.
      expect(await sendBookingReminders(t.deps, booking.id, clock)).toEqual([]);
      await sweeper.sweepOnce();
      clock = at('2030-03-09');
      await sweeper.sweepOnce();
      expect(await stagesOf(booking.id)).toEqual(['advance 2030-03-08 before']);
    } finally {
      await sweeper.stop();
    }
  });

  it('reminds a part-paid instalment of what is left of it', async () => {
    const booking = await confirmedBooking(10_000_00);
    clock = at('2030-03-08');
    await sendBookingReminders(t.deps, booking.id, clock);
    const [mail] = await mailsOf(booking.id);
    expect(mail!.subject).toContain('₹15,000 advance due today');
  });

  it('sends nothing for a cancelled booking, a quote or an erased customer', async () => {
    const cancelled = await confirmedBooking(999_00, { status: 'cancelled', cancelledBy: 'customer' });
    const quoted = await confirmedBooking(0, { status: 'quoted', confirmedAt: null });
    const erased = await confirmedBooking(999_00, { clientEmail: `erased-${alice.id}@erased.invalid` });
    const sweeper = runner();
    try {
      for (const day of ['2030-03-01', '2030-03-05', '2030-03-08', '2030-03-09']) {
        clock = at(day);
        await sweeper.sweepOnce();
      }
      expect(await stagesOf(cancelled.id)).toEqual([]);
      expect(await stagesOf(quoted.id)).toEqual([]);
      expect(await stagesOf(erased.id)).toEqual([]);
    } finally {
      await sweeper.stop();
    }
  });

  it('reminds the booking amount of a booking confirmed by hand without payment, from its confirmation day', async () => {
    const booking = await confirmedBooking(0);
    clock = at('2030-03-01', '13:00');
    const sent = await sendBookingReminders(t.deps, booking.id, clock);
    expect(sent.map((r) => `${r.instalment} ${r.stage}`)).toEqual(['booking_amount due']);
    const [mail] = await mailsOf(booking.id);
    expect(mail!.subject).toBe(`Payment reminder: ₹999 booking amount due today (${quoteReference(booking.id)})`);
  });

  it('a new due date (the event moved) gets its own reminders', async () => {
    // Event on 15 April: the balance of ₹75,000 is due on 8 April.
    const booking = await confirmedBooking(25_000_00, { eventDate: '2030-04-15' });
    clock = at('2030-04-05');
    await sendBookingReminders(t.deps, booking.id, clock);
    await t.deps.db.update(bookings).set({ eventDate: '2030-04-20' }).where(eq(bookings.id, booking.id));
    clock = at('2030-04-10');
    await sendBookingReminders(t.deps, booking.id, clock);
    expect(await stagesOf(booking.id)).toEqual(['balance 2030-04-08 before', 'balance 2030-04-13 before']);
  });
});

describe('the runner in the app', () => {
  it('starts with the workers and stops with the app', async () => {
    const transport: MailTransport = { kind: 'file', send: async (mail) => ({ messageId: mail.id }), close() {} };
    const other = await createTestApp(
      { PAYMENT_REMINDER_SWEEP_SECONDS: '600' },
      { startWorkers: true, mailTransport: transport },
    );
    try {
      expect(other.config.paymentReminderSweepSeconds).toBe(600);
      expect(other.app.paymentReminders).not.toBeNull();
      expect(await other.app.paymentReminders!.sweepOnce()).toEqual({ sent: [], failed: [] });
    } finally {
      await other.close();
    }
    // pg-boss creates its schema on start: slow on a busy machine, so this test has more time than most.
  }, 120_000);
});

describe('a reminder sent by hand', () => {
  const url = (id: string) => `/api/admin/bookings/${id}/payment-reminder`;
  const post = (id: string, auth?: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: url(id), headers: auth ?? {} });

  it('e-mails the next instalment, is audited, and does not use up the automatic reminders', async () => {
    const booking = await confirmedBooking();
    const res = await post(booking.id, admin.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: `Payment reminder sent to ${alice.email}`,
      booking_id: booking.id,
      instalment: 'advance',
      label: 'Advance',
      amount: 24_001,
      due_date: '2030-03-08',
      timing: 'before',
      sent_to: alice.email,
    });
    const [manual] = await remindersOf(booking.id);
    expect(manual).toMatchObject({ stage: 'manual', sentBy: admin.id, amountPaise: 24_001_00 });
    const [mail] = await mailsOf(booking.id);
    expect(mail!.subject).toBe(
      `Payment reminder: ₹24,001 advance due on March 8th, 2030 (${quoteReference(booking.id)})`,
    );
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'booking.payment_reminder_sent')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: admin.id, data: { stage: 'manual', instalment: 'advance' } });

    clock = at('2030-03-05');
    await sendBookingReminders(t.deps, booking.id, clock);
    expect(await stagesOf(booking.id)).toEqual(['advance 2030-03-08 manual', 'advance 2030-03-08 before']);

    const detail = await t.app.inject({ method: 'GET', url: `/api/me/bookings/${booking.id}`, headers: alice.auth });
    expect(detail.json().timeline.map((e: { label: string }) => e.label)).toContain('Payment reminder sent');
  });

  it('refuses a second one within 10 minutes, and allows it after', async () => {
    const booking = await confirmedBooking();
    expect((await post(booking.id, admin.auth)).statusCode).toBe(201);
    const again = await post(booking.id, admin.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'A payment reminder was sent for this booking less than a minute ago; another can be sent in 10 minutes',
    );
    await t.deps.db
      .update(paymentReminders)
      .set({ sentAt: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where(eq(paymentReminders.bookingId, booking.id));
    expect((await post(booking.id, admin.auth)).statusCode).toBe(201);
    expect(await mailsOf(booking.id)).toHaveLength(2);
  });

  it('409 when nothing is outstanding, the booking is cancelled or it has no price', async () => {
    const paid = await confirmedBooking(1_00_000_00);
    const cancelled = await confirmedBooking(999_00, { status: 'cancelled', cancelledBy: 'company' });
    const inquiry = await confirmedBooking(0, { status: 'inquiry', finalAmountPaise: null, confirmedAt: null });
    const answers = await Promise.all([paid, cancelled, inquiry].map((b) => post(b.id, admin.auth)));
    expect(answers.map((a) => [a.statusCode, a.json().detail])).toEqual([
      [409, 'Nothing is left to pay on this booking'],
      [409, 'This booking is cancelled: nothing is owed on it'],
      [409, 'Payment reminders are for confirmed bookings; this booking is inquiry'],
    ]);
    for (const b of [paid, cancelled, inquiry]) expect(await remindersOf(b.id)).toEqual([]);
  });

  it('admin only: 401 without a token, 403 for a customer, 404 for an unknown booking', async () => {
    const booking = await confirmedBooking();
    expect((await post(booking.id)).statusCode).toBe(401);
    expect((await post(booking.id, alice.auth)).statusCode).toBe(403);
    const missing = await post('00000000-0000-4000-8000-000000000000', admin.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Booking not found' });
    expect((await post('not-a-booking', admin.auth)).statusCode).toBe(404);
    expect(await remindersOf(booking.id)).toEqual([]);
  });

  it('the same through tRPC: admin.payments.sendReminder', async () => {
    const booking = await confirmedBooking();
    const sent = await t.caller({ token: admin.token }).admin.payments.sendReminder({ id: booking.id });
    expect(sent).toMatchObject({ instalment: 'advance', amount: 24_001 });
    await expect(
      t.caller({ token: admin.token }).admin.payments.sendReminder({ id: booking.id }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      t.caller({ token: alice.token }).admin.payments.sendReminder({ id: booking.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
