import { z } from 'zod';

/** The kinds of the admins' alerts of a new lead (docs/product.md#live-alerts). */
export const LEAD_ALERT_KINDS = {
  inquiry: 'lead_inquiry',
  booking: 'lead_booking',
  vendor: 'vendor_application',
} as const;

/** One notification as the live stream carries it: an admin's or a supplier's (docs/product.md#live-alerts). */
export type LiveNotificationDto = {
  id: string;
  kind: string;
  message: string;
  project_id: string | null;
  booking_id: string | null;
  read: boolean;
  created_at: string;
};

/**
 * One event of the live stream. `snapshot` opens every connection with the unread count; `notification` carries a
 * new notification (its id is the event id a client resumes from); `unread` follows a change of the unread count
 * alone (notifications read in another tab, a vendor application another admin decided).
 */
export type LiveEventDto =
  | { type: 'snapshot'; unread: number }
  | { type: 'notification'; unread: number; notification: LiveNotificationDto }
  | { type: 'unread'; unread: number };

/** The stream's input: where a reconnecting client left off (tRPC fills `lastEventId` itself). */
export const liveInputSchema = z
  .object({ lastEventId: z.string().trim().max(100).nullish() })
  .strict()
  .nullish();
