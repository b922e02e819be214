import { and, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { EVENT_REMINDER_STATUSES, eventReminderDue, REMINDER_SEND_FROM_HOUR } from '../../../shared/booking-rules';
import { addDays, hourInIndia, todayInIndia } from '../../../shared/dates';
import type { ServiceDeps } from '../../context';
import { bookings, eventReminders } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { consentPhone, mayMessage } from './consent';
import { eventReminderWhatsApp } from './whatsapp-messages';
import { enqueueWhatsApp } from './whatsapp-outbox';

/**
 * Event reminders (docs/product.md#event-reminders, docs/decisions.md "Event reminders"): a WhatsApp message to the
 * customer `daysBefore` India days before the event, once per booking and event date, when the customer's number
 * has opted in. The WhatsApp worker sends what is queued here.
 */

export type SentEventReminder = { bookingId: string; eventDate: string; whatsappId: string };

export type EventReminderSweepOutcome = {
  sent: SentEventReminder[];
  failed: { bookingId: string; error: unknown }[];
};

/**
 * One sweep of the event reminder job: every booking that went ahead with its event within the next `daysBefore`
 * India days and no reminder for that date yet is offered to `sendEventReminder`. Nothing goes before
 * `REMINDER_SEND_FROM_HOUR` India time, as for payment reminders. A booking that fails is reported and retried by
 * the next sweep; the others go on.
 */
export async function sendDueEventReminders(
  deps: ServiceDeps,
  daysBefore: number,
  now: Date = new Date(),
): Promise<EventReminderSweepOutcome> {
  const outcome: EventReminderSweepOutcome = { sent: [], failed: [] };
  if (hourInIndia(now) < REMINDER_SEND_FROM_HOUR) return outcome;
  const today = todayInIndia(now);
  const rows = await deps.db
    .select({
      id: bookings.id,
      phone: bookings.clientPhone,
      eventDate: bookings.eventDate,
      reminded: eventReminders.eventDate,
    })
    .from(bookings)
    .leftJoin(
      eventReminders,
      and(eq(eventReminders.bookingId, bookings.id), eq(eventReminders.eventDate, bookings.eventDate)),
    )
    .where(
      and(
        inArray(bookings.status, [...EVENT_REMINDER_STATUSES]),
        isNotNull(bookings.clientPhone),
        gte(bookings.eventDate, addDays(today, 1)),
        lte(bookings.eventDate, addDays(today, daysBefore)),
      ),
    );
  for (const row of rows) {
    if (row.reminded !== null) continue;
    // A number that has not opted in is passed over without locking its booking; the send checks again.
    const phone = row.phone ? consentPhone(row.phone) : null;
    if (!phone || !(await mayMessage(deps.db, phone))) continue;
    try {
      const sent = await sendEventReminder(deps, row.id, daysBefore, now);
      if (sent) outcome.sent.push(sent);
    } catch (error) {
      outcome.failed.push({ bookingId: row.id, error });
    }
  }
  return outcome;
}

/**
 * Queues one booking's event reminder if it is due, exactly once per event date: with the booking row locked, its
 * status and date are read again (a cancellation or a date change since the sweep's read counts), and the reminder
 * is claimed by its `event_reminders` row (insert, on conflict nothing) in the transaction that queues the message
 * and its audit row. A customer who has not opted in to WhatsApp is not claimed, so opting in before the event
 * still brings the reminder. Null when nothing was queued.
 */
export async function sendEventReminder(
  deps: ServiceDeps,
  bookingId: string,
  daysBefore: number,
  now: Date = new Date(),
): Promise<SentEventReminder | null> {
  const today = todayInIndia(now);
  return deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
    if (!booking || !eventReminderDue(booking.status, booking.eventDate, today, daysBefore)) return null;
    const phone = booking.clientPhone ? consentPhone(booking.clientPhone) : null;
    if (!phone || !(await mayMessage(tx, phone))) return null;
    const eventDate = booking.eventDate!;
    const [claimed] = await tx
      .insert(eventReminders)
      .values({ bookingId: booking.id, eventDate, sentAt: now })
      .onConflictDoNothing()
      .returning({ bookingId: eventReminders.bookingId });
    if (!claimed) return null;
    const whatsappId = await enqueueWhatsApp(tx, eventReminderWhatsApp(booking));
    if (!whatsappId) throw new Error('an opted-in number is always queued');
    await tx
      .update(eventReminders)
      .set({ whatsappId })
      .where(and(eq(eventReminders.bookingId, booking.id), eq(eventReminders.eventDate, eventDate)));
    await writeAudit(tx, {
      actorUserId: null,
      action: 'booking.event_reminder_sent',
      entityType: 'booking',
      entityId: booking.id,
      data: { event_date: eventDate, channel: 'whatsapp', whatsapp_id: whatsappId },
    });
    return { bookingId: booking.id, eventDate, whatsappId };
  });
}
