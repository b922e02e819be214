import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventReminderDue } from '../../src/shared/booking-rules';
import { addDays, formatLongDate } from '../../src/shared/dates';
import { auditLog, bookings, eventReminders, whatsappConsents, whatsappOutbox } from '../../src/server/db/schema';
import { startEventRemindersRunner } from '../../src/server/jobs/event-reminders';
import { recordOptIn, recordOptOut } from '../../src/server/modules/messages/consent';
import { sendEventReminder } from '../../src/server/modules/messages/event-reminders.service';
import { bookingMessages } from '../../src/server/modules/messages/messages.service';
import { makeBooking } from './helpers/projects';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Event reminders (docs/product.md#event-reminders, docs/decisions.md "Event reminders"): a WhatsApp message to an
 * opted-in customer 2 India days before the event, once per booking and event date, none for a cancelled booking,
 * shown in the booking's message thread.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An instant on an India day, at 10:00 India time unless told otherwise. */
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:30`);

let clock = at('2031-01-10');
const runner = (daysBefore = 2) =>
  startEventRemindersRunner(t.deps, { daysBefore, now: () => clock, sweepIntervalMs: 3_600_000 });

let phoneSeq = 0;
/** A fresh Indian mobile number (each booking its own, so consent does not leak between tests). */
const nextPhone = () => `+9198${String(10_000_000 + (phoneSeq += 1)).padStart(8, '0')}`;

async function confirmedBooking(eventDate: string, optIn = true) {
  const phone = nextPhone();
  if (optIn) await recordOptIn(t.deps.db, phone, 'quote', at('2031-01-01'));
  return makeBooking(t.deps, { status: 'confirmed', eventDate, clientPhone: phone });
}

async function reminderMessages(bookingId: string) {
  return t.deps.db
    .select()
    .from(whatsappOutbox)
    .where(and(eq(whatsappOutbox.bookingId, bookingId), eq(whatsappOutbox.template, 'event_reminder')))
    .orderBy(whatsappOutbox.createdAt);
}

describe('the event reminder sweep', () => {
  it('queues the reminder 2 days before the event, once, and shows it in the message thread', async () => {
    const booking = await confirmedBooking('2031-01-20');
    const sweeper = runner();
    try {
      clock = at('2031-01-17');
      await sweeper.sweepOnce();
      expect(await reminderMessages(booking.id)).toEqual([]);

      clock = at('2031-01-18', '08:30');
      await sweeper.sweepOnce();
      expect(await reminderMessages(booking.id)).toEqual([]);

      clock = at('2031-01-18');
      const outcome = await sweeper.sweepOnce();
      expect(outcome.sent.map((s) => s.bookingId)).toContain(booking.id);
      await sweeper.sweepOnce();
      clock = at('2031-01-19');
      await sweeper.sweepOnce();
      const messages = await reminderMessages(booking.id);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.toPhone).toBe(booking.clientPhone);
      expect(messages[0]!.preview).toBe(
        `Namaste Meera Joshi, a reminder that ${booking.eventName} is on ${formatLongDate('2031-01-20')}. ` +
          'Our team will be with you. Reply if anything changed.',
      );

      const thread = await bookingMessages(t.deps, { booking_id: booking.id });
      expect(thread).toContainEqual(
        expect.objectContaining({ channel: 'whatsapp', template: 'event_reminder', to: booking.clientPhone }),
      );
      const audit = await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'booking.event_reminder_sent')));
      expect(audit).toHaveLength(1);
      expect(audit[0]!.data).toMatchObject({ event_date: '2031-01-20', channel: 'whatsapp' });
    } finally {
      await sweeper.stop();
    }
  });

  it('sends a new reminder for a new date, none on the event day, none for a cancelled booking', async () => {
    const moved = await confirmedBooking('2031-02-11');
    const kept = await confirmedBooking('2031-02-11');
    const sweeper = runner();
    try {
      clock = at('2031-02-09');
      await sweeper.sweepOnce();
      expect(await reminderMessages(moved.id)).toHaveLength(1);

      await t.deps.db.update(bookings).set({ eventDate: '2031-02-10' }).where(eq(bookings.id, moved.id));
      await sweeper.sweepOnce();
      const messages = await reminderMessages(moved.id);
      expect(messages.map((m) => m.params[2])).toEqual([formatLongDate('2031-02-11'), formatLongDate('2031-02-10')]);

      // Back to the first date: that one was announced already.
      await t.deps.db.update(bookings).set({ eventDate: '2031-02-11' }).where(eq(bookings.id, moved.id));
      await sweeper.sweepOnce();
      expect(await reminderMessages(moved.id)).toHaveLength(2);

      const eventDay = await confirmedBooking('2031-02-09');
      await sweeper.sweepOnce();
      expect(await reminderMessages(eventDay.id)).toEqual([]);

      const gone = await confirmedBooking('2031-02-12');
      await t.deps.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, gone.id));
      clock = at('2031-02-10');
      await sweeper.sweepOnce();
      expect(await reminderMessages(gone.id)).toEqual([]);
      expect(await reminderMessages(kept.id)).toHaveLength(1);
    } finally {
      await sweeper.stop();
    }
  });

  it('waits for the opt-in: a customer who opts in before the event still gets it; an opted-out one never', async () => {
    const later = await confirmedBooking('2031-03-05', false);
    const stopped = await confirmedBooking('2031-03-05');
    await recordOptOut(t.deps.db, stopped.clientPhone!, 'reply', at('2031-02-01'));
    const sweeper = runner();
    try {
      clock = at('2031-03-03');
      await sweeper.sweepOnce();
      expect(await reminderMessages(later.id)).toEqual([]);
      expect(await t.deps.db.select().from(eventReminders).where(eq(eventReminders.bookingId, later.id))).toEqual([]);

      await recordOptIn(t.deps.db, later.clientPhone!, 'inquiry', at('2031-03-03', '11:00'));
      clock = at('2031-03-04');
      await sweeper.sweepOnce();
      expect(await reminderMessages(later.id)).toHaveLength(1);
      expect(await reminderMessages(stopped.id)).toEqual([]);
    } finally {
      await sweeper.stop();
    }
  });

  it('reads how many days ahead from EVENT_REMINDER_DAYS_BEFORE', async () => {
    const app = await createTestApp({ EVENT_REMINDER_DAYS_BEFORE: '5' });
    try {
      expect(app.config.eventReminders).toEqual({ daysBefore: 5, sweepSeconds: 900 });
    } finally {
      await app.close();
    }
    const sweeper = runner(5);
    try {
      const early = await confirmedBooking('2031-04-06');
      clock = at('2031-04-01');
      await sweeper.sweepOnce();
      expect(await reminderMessages(early.id)).toHaveLength(1);
    } finally {
      await sweeper.stop();
    }
  });

  it('sends one reminder when sweeps and direct sends race for the same booking', async () => {
    const booking = await confirmedBooking('2031-05-10');
    clock = at('2031-05-08');
    const sweeper = runner();
    try {
      const [sweep, ...direct] = await Promise.all([
        sweeper.sweepOnce(),
        ...Array.from({ length: 4 }, () => sendEventReminder(t.deps, booking.id, 2, clock)),
      ]);
      const sent = sweep!.sent.filter((s) => s.bookingId === booking.id).length + direct.filter(Boolean).length;
      expect(sent).toBe(1);
    } finally {
      await sweeper.stop();
    }
    expect(await reminderMessages(booking.id)).toHaveLength(1);
  });
});

type Command =
  { kind: 'date'; offset: number } | { kind: 'cancel' } | { kind: 'run'; together: number } | { kind: 'day' };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('date' as const), offset: fc.integer({ min: -1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('run' as const), together: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('day' as const) }) },
);

describe('event reminders over random sequences', () => {
  it('never sends two for one booking and date, none once cancelled, and every due one', async () => {
    let base = '2032-01-01';
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        base = addDays(base, 30);
        let today = base;
        const now = () => at(today);
        const booking = await confirmedBooking(addDays(base, 3));
        const sweeper = startEventRemindersRunner(t.deps, { daysBefore: 2, now, sweepIntervalMs: 3_600_000 });
        let cancelled = false;
        let sentBeforeCancel = 0;
        try {
          for (const c of commands) {
            if (c.kind === 'date') {
              await t.deps.db
                .update(bookings)
                .set({ eventDate: addDays(today, c.offset) })
                .where(eq(bookings.id, booking.id));
            } else if (c.kind === 'cancel' && !cancelled) {
              await t.deps.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
              cancelled = true;
              sentBeforeCancel = (await reminderMessages(booking.id)).length;
            } else if (c.kind === 'day') {
              today = addDays(today, 1);
            } else if (c.kind === 'run') {
              await Promise.all([
                sweeper.sweepOnce(),
                ...Array.from({ length: c.together - 1 }, () => sendEventReminder(t.deps, booking.id, 2, now())),
              ]);
            }
            const messages = await reminderMessages(booking.id);
            const dates = messages.map((m) => m.params[2]);
            expect(new Set(dates).size).toBe(dates.length);
            if (cancelled) expect(messages).toHaveLength(sentBeforeCancel);
            if (c.kind === 'run' && !cancelled) {
              const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
              if (eventReminderDue(row!.status, row!.eventDate, today, 2)) {
                expect(dates).toContain(formatLongDate(row!.eventDate!));
              }
            }
          }
        } finally {
          await sweeper.stop();
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('the inquiry opt-in', () => {
  it('stores the ticked box with its time and source, and nothing when unticked', async () => {
    const inquiry = (phone: string, optIn: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: {
          client_name: 'Kavya Rao',
          client_email: `kavya.${phone.slice(-4)}@example.in`,
          client_phone: phone,
          event_type: 'wedding',
          event_name: 'Wedding Catering',
          event_date: null,
          event_time: null,
          venue_name: null,
          venue_address: null,
          whatsapp_opt_in: optIn,
          requirements: { guest_count: 150, decoration_required: true },
        },
      });
    const before = Date.now();
    expect((await inquiry('98930 44556', true)).statusCode).toBeLessThan(300);
    expect((await inquiry('98930 44557', false)).statusCode).toBeLessThan(300);
    const consents = await t.deps.db.select().from(whatsappConsents);
    const ticked = consents.find((c) => c.phone === '+919893044556');
    expect(ticked).toMatchObject({ optedInSource: 'inquiry', optedOutAt: null });
    expect(ticked!.optedInAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(consents.find((c) => c.phone === '+919893044557')).toBeUndefined();
  });
});
