import { and, desc, eq, gte, inArray, isNotNull, ne, or } from 'drizzle-orm';
import {
  dueReminders,
  instalmentLabel,
  REMINDER_SEND_FROM_HOUR,
  REMINDER_STATUSES,
  reminderTiming,
  type BookingMoney,
  type InstalmentState,
} from '../../../shared/booking-rules';
import { addDays, hourInIndia, todayInIndia } from '../../../shared/dates';
import { enumWords, type PaymentReminderStage } from '../../../shared/domain';
import { paiseToRupees } from '../../../shared/pricing';
import { bookingIdInputSchema, ERASED_EMAIL_DOMAIN } from '../../../shared/schemas/admin';
import type { PaymentReminderDto } from '../../../shared/schemas/payments';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import { bookings, paymentReminders } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { paymentReminderEmail } from '../../mail/account-templates';
import { enqueueEmail } from '../../mail/outbox';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { moneyOfBooking } from './booking-money';
import { ledgerRows } from './ledger';
import { currentPaymentRules } from './payment-rules.service';
import { paymentDueWhatsApp } from '../messages/whatsapp-messages';
import { enqueueWhatsApp } from '../messages/whatsapp-outbox';

/**
 * Payment reminders (docs/decisions.md, "Payment reminders"): the ones the reminder job sends by itself, 3 days
 * before an instalment's due date, on the day and a day late, each exactly once; and one an admin sends by hand.
 * What is due comes from `bookingMoney` only (`moneyOfBooking`); when a stage falls due is `dueReminders`.
 */

type BookingRow = typeof bookings.$inferSelect;

/** An admin may send another reminder for the same booking after this long. */
export const MANUAL_REMINDER_INTERVAL_MS = 10 * 60_000;

/**
 * A completed booking is read for this many days after its event: its instalments fall due by then, and this
 * covers the last `overdue` reminder of a balance due on the event day. Older completed bookings are history.
 */
const COMPLETED_LOOKBACK_DAYS = 7;

export type SentReminder = {
  bookingId: string;
  instalment: InstalmentState['kind'];
  dueDate: string;
  stage: PaymentReminderStage;
  amountPaise: number;
  emailId: string;
};

export type ReminderSweepOutcome = {
  sent: SentReminder[];
  failed: { bookingId: string; error: unknown }[];
};

/** An erased customer's booking keeps an address that delivers nowhere: it is not reminded. */
function hasAddress(booking: BookingRow): boolean {
  return !booking.clientEmail.toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);
}

const reminderKey = (bookingId: string, instalment: string, dueDate: string, stage: string) =>
  `${bookingId} ${instalment} ${dueDate} ${stage}`;

/**
 * One sweep of the reminder job: every booking that went ahead is read with its ledger, and each automatic reminder
 * due today (India date of `now`) and not yet sent is sent (`sendBookingReminders`). Nothing is sent before
 * `REMINDER_SEND_FROM_HOUR` India time, so reminders arrive in the morning. A booking that fails is reported and
 * retried by the next sweep; the others go on.
 */
export async function sendDueReminders(deps: ServiceDeps, now: Date = new Date()): Promise<ReminderSweepOutcome> {
  const outcome: ReminderSweepOutcome = { sent: [], failed: [] };
  if (hourInIndia(now) < REMINDER_SEND_FROM_HOUR) return outcome;
  const today = todayInIndia(now);
  const rows = await deps.db
    .select()
    .from(bookings)
    .where(
      and(
        isNotNull(bookings.finalAmountPaise),
        or(
          inArray(
            bookings.status,
            REMINDER_STATUSES.filter((status) => status !== 'completed'),
          ),
          and(eq(bookings.status, 'completed'), gte(bookings.eventDate, addDays(today, -COMPLETED_LOOKBACK_DAYS))),
        ),
      ),
    );
  const candidates = rows.filter(hasAddress);
  if (candidates.length === 0) return outcome;
  const ids = candidates.map((row) => row.id);
  const [ledger, rules, sent] = await Promise.all([
    ledgerRows(deps.db, ids),
    currentPaymentRules(deps.db),
    deps.db
      .select({
        bookingId: paymentReminders.bookingId,
        instalment: paymentReminders.instalment,
        dueDate: paymentReminders.dueDate,
        stage: paymentReminders.stage,
      })
      .from(paymentReminders)
      .where(and(inArray(paymentReminders.bookingId, ids), ne(paymentReminders.stage, 'manual'))),
  ]);
  const already = new Set(sent.map((r) => reminderKey(r.bookingId, r.instalment, r.dueDate, r.stage)));
  for (const booking of candidates) {
    const own = ledger.filter((row) => row.bookingId === booking.id);
    const due = dueReminders(booking.status, moneyOfBooking(booking, own, rules, today).summary, today).filter(
      ({ instalment, stage }) => !already.has(reminderKey(booking.id, instalment.kind, instalment.due_date, stage)),
    );
    if (due.length === 0) continue;
    try {
      outcome.sent.push(...(await sendBookingReminders(deps, booking.id, now)));
    } catch (error) {
      outcome.failed.push({ bookingId: booking.id, error });
    }
  }
  return outcome;
}

/**
 * Sends the automatic reminders one booking is due for, each exactly once: with the booking row locked, its money
 * is read again (a payment, a cancellation or a new date since the sweep's read counts), and each reminder is
 * claimed by its row in `payment_reminders` (insert, on conflict nothing) in the transaction that queues its e-mail
 * and audit row. Another instance that claimed it first leaves nothing to send.
 */
export async function sendBookingReminders(
  deps: ServiceDeps,
  bookingId: string,
  now: Date = new Date(),
): Promise<SentReminder[]> {
  const today = todayInIndia(now);
  return deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
    if (!booking || !hasAddress(booking)) return [];
    const ledger = await ledgerRows(tx, [booking.id]);
    const money = moneyOfBooking(booking, ledger, await currentPaymentRules(tx), today).summary;
    const sent: SentReminder[] = [];
    for (const { instalment, stage } of dueReminders(booking.status, money, today)) {
      const reminder = await queueReminder(deps, tx, booking, money, instalment, stage, today, now, null);
      if (reminder) sent.push(reminder);
    }
    return sent;
  });
}

/**
 * Writes one reminder's row and queues its e-mail and audit row, on the caller's transaction (the booking row
 * locked). An automatic reminder already sent conflicts on the table's unique key: null, nothing queued.
 */
async function queueReminder(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  money: BookingMoney,
  instalment: InstalmentState,
  stage: PaymentReminderStage,
  today: string,
  now: Date,
  sentBy: string | null,
): Promise<SentReminder | null> {
  const [claimed] = await tx
    .insert(paymentReminders)
    .values({
      bookingId: booking.id,
      instalment: instalment.kind,
      dueDate: instalment.due_date,
      stage,
      amountPaise: instalment.outstanding_paise,
      sentBy,
      sentAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentReminders.id });
  if (!claimed) return null;
  const emailId = await enqueueEmail(
    tx,
    paymentReminderEmail(
      deps.config.brand,
      { email: booking.clientEmail, name: booking.clientName },
      { id: booking.id, eventName: booking.eventName, eventDate: booking.eventDate },
      {
        label: instalmentLabel(instalment),
        amountPaise: instalment.outstanding_paise,
        dueDate: instalment.due_date,
        timing: reminderTiming(instalment.due_date, today),
        totalPaise: money.total_paise,
        paidPaise: money.paid_paise,
        outstandingPaise: money.outstanding_paise,
      },
      {
        bookingUrl: `${deps.config.publicBaseUrl}/bookings/${booking.id}`,
        gateway: deps.config.payments.gateway !== null,
      },
    ),
    { bookingId: booking.id },
  );
  await enqueueWhatsApp(tx, paymentDueWhatsApp(booking, instalment.outstanding_paise, instalment.due_date));
  await tx.update(paymentReminders).set({ emailId }).where(eq(paymentReminders.id, claimed.id));
  await writeAudit(tx, {
    actorUserId: sentBy,
    action: 'booking.payment_reminder_sent',
    entityType: 'booking',
    entityId: booking.id,
    data: {
      instalment: instalment.kind,
      due_date: instalment.due_date,
      stage,
      amount_paise: instalment.outstanding_paise,
      email_id: emailId,
    },
  });
  return {
    bookingId: booking.id,
    instalment: instalment.kind,
    dueDate: instalment.due_date,
    stage,
    amountPaise: instalment.outstanding_paise,
    emailId,
  };
}

/**
 * An admin sends a payment reminder by hand (docs/api.md): for the booking's next instalment with something
 * outstanding (the one its "Pay" button asks for), whatever its due date. Only on a booking that went ahead
 * (`REMINDER_STATUSES`) with something left to pay, else 409; at most one every 10 minutes per booking (409 saying
 * when the next may go). Audited; it does not use up the automatic reminders (stage `manual`, outside their key).
 */
export async function sendPaymentReminder(
  deps: ServiceDeps,
  input: { id: string },
  adminId: string,
  now: Date = new Date(),
): Promise<PaymentReminderDto> {
  const { id } = bookingIdInputSchema.parse(input);
  const today = todayInIndia(now);
  return deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).limit(1).for('update');
    if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    if (!REMINDER_STATUSES.includes(booking.status)) {
      throw new AppError(
        'CONFLICT',
        booking.status === 'cancelled'
          ? 'This booking is cancelled: nothing is owed on it'
          : `Payment reminders are for confirmed bookings; this booking is ${enumWords(booking.status)}`,
      );
    }
    if (!hasAddress(booking)) {
      throw new AppError('CONFLICT', "This customer's details were erased: there is no address to remind");
    }
    const money = moneyOfBooking(
      booking,
      await ledgerRows(tx, [booking.id]),
      await currentPaymentRules(tx),
      today,
    ).summary;
    if (!money.next) throw new AppError('CONFLICT', 'Nothing is left to pay on this booking');

    const [last] = await tx
      .select({ sentAt: paymentReminders.sentAt })
      .from(paymentReminders)
      .where(and(eq(paymentReminders.bookingId, booking.id), eq(paymentReminders.stage, 'manual')))
      .orderBy(desc(paymentReminders.sentAt))
      .limit(1);
    const waitMs = last ? last.sentAt.getTime() + MANUAL_REMINDER_INTERVAL_MS - now.getTime() : 0;
    if (waitMs > 0) {
      const ago = Math.max(0, Math.floor((now.getTime() - last!.sentAt.getTime()) / 60_000));
      const wait = Math.ceil(waitMs / 60_000);
      throw new AppError(
        'CONFLICT',
        'A payment reminder was sent for this booking ' +
          `${ago === 0 ? 'less than a minute' : minutes(ago)} ago; another can be sent in ${minutes(wait)}`,
      );
    }

    const next = money.next;
    const reminder = await queueReminder(deps, tx, booking, money, next, 'manual', today, now, adminId);
    if (!reminder) throw new Error('a manual reminder is never a duplicate');
    const label = instalmentLabel(next);
    return {
      message: `Payment reminder sent to ${booking.clientEmail}`,
      booking_id: booking.id,
      instalment: next.kind,
      label,
      amount: paiseToRupees(next.outstanding_paise),
      due_date: next.due_date,
      timing: reminderTiming(next.due_date, today),
      sent_to: booking.clientEmail,
      sent_at: now.toISOString(),
    };
  });
}

function minutes(count: number): string {
  return count === 1 ? '1 minute' : `${count} minutes`;
}
