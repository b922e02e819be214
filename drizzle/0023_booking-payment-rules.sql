ALTER TABLE "bookings" ADD COLUMN "payment_rules" jsonb;--> statement-breakpoint
-- Bookings confirmed before the column keep the rules saved now; with none saved they follow the defaults until the
-- admin first changes them, when they are given the rules they had (`updatePaymentRules`).
UPDATE "bookings" SET "payment_rules" = s."value" FROM "settings" AS s WHERE s."key" = 'payment_rules' AND "bookings"."confirmed_at" IS NOT NULL;
