ALTER TABLE "bookings" ADD COLUMN "payment_rules" jsonb;--> statement-breakpoint
-- Bookings paid or confirmed before the column keep the rules saved now; with none saved they follow the defaults until
-- the admin first changes them, when they are given the rules they had (`updatePaymentRules`).
UPDATE "bookings" SET "payment_rules" = s."value" FROM "settings" AS s WHERE s."key" = 'payment_rules' AND ("bookings"."confirmed_at" IS NOT NULL OR EXISTS (SELECT 1 FROM "booking_ledger" AS l WHERE l."booking_id" = "bookings"."id" AND l."kind" = 'payment'));
