import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings } from '../../src/server/db/schema';
import {
  REPEAT_MESSAGE_WINDOW_MS,
  sendBookingMessage,
  SUPPLIER_NOT_ON_BOOKING,
} from '../../src/server/modules/messages/messages.service';
import { timelineLabel } from '../../src/server/modules/bookings/account.service';
import { ERASED_EMAIL_DOMAIN } from '../../src/shared/schemas/admin';
import { codeOf, outboxMails } from './helpers/fixtures';
import { makeBooking, makeProject, makeSupplier } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

/**
 * An admin's own message from a booking (docs/product.md#message-thread): an e-mail to the customer or to a supplier
 * of the booking's project, queued with its audit row, shown in the thread at once, refused for anyone else, and
 * queued once however often the same message is sent.
 */
const { t, admin, alice, inject } = setUpSuite();

const url = (bookingId: string) => `/api/admin/bookings/${bookingId}/messages`;
const message = {
  subject: 'Menu tasting on Saturday',
  body: 'Namaste Meera ji,\n\nThe tasting is at 4 pm at our kitchen.\nPlease bring up to four family members.',
};

describe('an admin writes from a booking', () => {
  it('e-mails the customer: the words as typed (escaped), the event it is about, in the thread and the timeline', async () => {
    const booking = await makeBooking(t.deps);
    const body = `${message.body}\n<b>not bold</b>`;
    const sent = await inject('POST', url(booking.id), admin.auth, { to: 'customer', ...message, body });
    expect(sent.statusCode, sent.body).toBe(201);
    const answer = sent.json<{ id: string; channel: string; template: string; to: string; summary: string }>();
    expect(answer).toMatchObject({
      channel: 'email',
      template: 'booking_message',
      to: booking.clientEmail,
      summary: message.subject,
      status: 'pending',
    });

    const [mail] = await outboxMails(t.deps, { template: 'booking_message', bookingId: booking.id });
    expect(mail!.id).toBe(answer.id);
    expect(mail!.subject).toBe(message.subject);
    expect(mail!.textBody).toContain('Dear Meera Joshi,');
    expect(mail!.textBody).toContain('The tasting is at 4 pm at our kitchen.\nPlease bring up to four family members.');
    expect(mail!.textBody).toContain(`Event: ${booking.eventName}`);
    expect(mail!.htmlBody).toContain('The tasting is at 4 pm at our kitchen.<br>Please bring');
    expect(mail!.htmlBody).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(mail!.htmlBody).not.toContain('<b>not bold</b>');

    const thread = await t.caller({ token: admin.token }).admin.messages.forBooking({ booking_id: booking.id });
    expect(thread.map((m) => m.id)).toContain(answer.id);

    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'booking.message_sent')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: admin.id, data: { email_id: answer.id } });
    expect(timelineLabel('booking.message_sent', audit[0]!.data)).toBe('Message from our team e-mailed to you');
  });

  it('e-mails a supplier invited to the booking’s project, recorded against the supplier, not the booking', async () => {
    const supplier = await makeSupplier(t.deps);
    const booking = await makeBooking(t.deps);
    await makeProject(t.deps, { bookingId: booking.id, supplierIds: [supplier.supplierId] });
    const sent = await t.caller({ token: admin.token }).admin.messages.send({
      booking_id: booking.id,
      to: 'supplier',
      supplier_id: supplier.supplierId,
      ...message,
    });
    expect(sent.to).toBe(supplier.email);
    const [mail] = await outboxMails(t.deps, { template: 'booking_message', to: supplier.email });
    expect(mail!.bookingId).toBe(booking.id);
    const onBooking = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'booking.message_sent')));
    expect(onBooking).toEqual([]);
    const onSupplier = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, supplier.supplierId), eq(auditLog.action, 'supplier.message_sent')));
    expect(onSupplier[0]!.data).toEqual({ booking_id: booking.id, email_id: sent.id });
  });

  it('refuses a supplier who is not on the booking’s project, and writes nothing', async () => {
    const onProject = await makeSupplier(t.deps);
    const elsewhere = await makeSupplier(t.deps);
    const booking = await makeBooking(t.deps);
    await makeProject(t.deps, { bookingId: booking.id, supplierIds: [onProject.supplierId] });
    // On another booking's project: still not this booking's.
    await makeProject(t.deps, { supplierIds: [elsewhere.supplierId] });
    const refused = await inject('POST', url(booking.id), admin.auth, {
      to: 'supplier',
      supplier_id: elsewhere.supplierId,
      ...message,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ detail: [{ loc: ['body', 'supplier_id'], msg: SUPPLIER_NOT_ON_BOOKING }] });
    expect(await outboxMails(t.deps, { template: 'booking_message', bookingId: booking.id })).toEqual([]);
  });

  it('checks what is sent: who it is for, a supplier only for a supplier, a subject and a message', async () => {
    const booking = await makeBooking(t.deps);
    const cases: [object, string][] = [
      [{ ...message }, 'to'],
      [{ to: 'everyone', ...message }, 'to'],
      [{ to: 'supplier', ...message }, 'supplier_id'],
      [{ to: 'customer', supplier_id: booking.id, ...message }, 'supplier_id'],
      [{ to: 'customer', ...message, subject: '   ' }, 'subject'],
      [{ to: 'customer', ...message, subject: 'Line\nbreak' }, 'subject'],
      [{ to: 'customer', ...message, body: '' }, 'body'],
      [{ to: 'customer', ...message, body: 'x'.repeat(4001) }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const answer = await inject('POST', url(booking.id), admin.auth, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(answer.json<{ detail: { loc: string[] }[] }>().detail.map((d) => d.loc.at(-1))).toContain(field);
    }
    expect(await outboxMails(t.deps, { template: 'booking_message', bookingId: booking.id })).toEqual([]);
  });

  it('answers 404 for an unknown booking and refuses anyone but an admin', async () => {
    const unknown = await inject('POST', url('00000000-0000-4000-8000-000000000000'), admin.auth, {
      to: 'customer',
      ...message,
    });
    expect(unknown.statusCode).toBe(404);
    const booking = await makeBooking(t.deps);
    expect((await inject('POST', url(booking.id), alice.auth, { to: 'customer', ...message })).statusCode).toBe(403);
    expect((await inject('POST', url(booking.id), undefined, { to: 'customer', ...message })).statusCode).toBe(401);
    expect(await outboxMails(t.deps, { bookingId: booking.id })).toEqual([]);
  });

  it('has no one to write to once the customer is erased', async () => {
    const booking = await makeBooking(t.deps);
    await t.deps.db
      .update(bookings)
      .set({ clientEmail: `erased-${booking.id}@${ERASED_EMAIL_DOMAIN}`, clientName: 'Erased customer' })
      .where(eq(bookings.id, booking.id));
    const refused = await inject('POST', url(booking.id), admin.auth, { to: 'customer', ...message });
    expect(refused.statusCode).toBe(422);
    expect(await outboxMails(t.deps, { bookingId: booking.id })).toEqual([]);
  });

  it('queues the same message once when it is sent twice at once, and again once the repeat window has passed', async () => {
    const booking = await makeBooking(t.deps);
    const caller = t.caller({ token: admin.token });
    const input = { booking_id: booking.id, to: 'customer' as const, ...message };
    const outcomes = await Promise.allSettled([caller.admin.messages.send(input), caller.admin.messages.send(input)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === 'rejected');
    expect(await codeOf(Promise.reject(rejected!.reason))).toBe('CONFLICT');
    // A different message to the same person is a new one.
    await caller.admin.messages.send({ ...input, body: `${message.body}\nP.S. Parking is at the back.` });
    expect(await outboxMails(t.deps, { template: 'booking_message', bookingId: booking.id })).toHaveLength(2);
    // The window is measured from the message already queued.
    const later = new Date(Date.now() + REPEAT_MESSAGE_WINDOW_MS + 1000);
    await sendBookingMessage(t.deps, input, admin.id, later);
    expect(await outboxMails(t.deps, { template: 'booking_message', bookingId: booking.id })).toHaveLength(3);
  });
});
