import type { Executor } from '../db/client';
import { insertRows } from '../db/insert-rows';
import { auditLog } from '../db/schema';

/**
 * What is recorded against a booking. Each is a line of the booking's timeline in My Bookings, so each has a label
 * there (`timelineLabel`, bookings/account.service.ts); a new one is written here first.
 */
export const BOOKING_AUDIT_ACTIONS = [
  'booking.status_changed',
  'booking.quoted',
  'booking.taken_by_staff',
  'booking.details_changed',
  'booking.date_changed',
  'booking.date_released',
  'booking.menu_changed',
  'booking.gst_details_changed',
  'booking.subscriber_discount',
  'booking.token_paid',
  'booking.payment_received',
  'booking.payment_reminder_sent',
  'booking.event_reminder_sent',
  'booking.message_sent',
  'booking.refund_owed',
  'booking.refund_withdrawn',
  'booking.refund_paid',
  'payment.order_created',
  'gst.document_issued',
] as const;
export type BookingAuditAction = (typeof BOOKING_AUDIT_ACTIONS)[number];

type AuditedEntity = 'booking' | 'supplier' | 'user' | 'payment_order' | 'subscription' | 'refund' | 'project' | 'dish';

export type AuditEntry = {
  actorUserId: string | null;
  entityId: string;
  data?: Record<string, unknown>;
} & (
  | { entityType: 'booking'; action: BookingAuditAction }
  | {
      entityType: Exclude<AuditedEntity, 'booking'>;
      /** `<entity>.<verb>`, e.g. `vendor.approved`, `project.awarded`. */
      action: string;
    }
);

/** One `audit_log` row, on the caller's transaction so it commits or rolls back with the change it records. */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await insertRows(tx, auditLog, [{ ...entry, data: entry.data ?? {} }]);
}
