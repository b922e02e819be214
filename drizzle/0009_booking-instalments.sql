ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_purpose_check";--> statement-breakpoint
DROP INDEX "payment_orders_open_token_key";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "instalment" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_open_booking_key" ON "payment_orders" USING btree ("booking_id") WHERE purpose IN ('token', 'instalment') AND status IN ('created', 'pending');--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_instalment_check" CHECK (instalment IS NULL OR instalment IN ('booking_amount', 'advance', 'balance'));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_purpose_check" CHECK (purpose IN ('token', 'instalment', 'subscription'));--> statement-breakpoint
-- data migration
-- When each booking that went ahead was confirmed: its first move to confirmed in the audit log, else its first
-- charge in the ledger (the total is charged when the booking amount confirms it), else its last update.
UPDATE bookings b
SET confirmed_at = coalesce(
  (SELECT min(a.created_at) FROM audit_log a
    WHERE a.entity_type = 'booking' AND a.entity_id = b.id
      AND a.action = 'booking.status_changed' AND a.data->>'to' = 'confirmed'),
  (SELECT min(l.created_at) FROM booking_ledger l WHERE l.booking_id = b.id AND l.kind = 'charge'),
  b.updated_at)
WHERE b.status IN ('confirmed', 'in_progress', 'completed')
   OR (b.status = 'cancelled' AND EXISTS (SELECT 1 FROM booking_ledger l WHERE l.booking_id = b.id AND l.kind = 'payment'));
