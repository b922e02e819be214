ALTER TABLE "bookings" ADD COLUMN "gst_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quotation" jsonb;--> statement-breakpoint
-- data migration
-- Every price stored before this migration was computed at the default 18% GST rate.
UPDATE "bookings" SET "gst_percent" = 18 WHERE "final_amount_paise" IS NOT NULL AND "gst_percent" IS NULL;
