CREATE TABLE "payment_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_code" text,
	"event_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"cancelled_by" text NOT NULL,
	"policy" jsonb NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"reference" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_status_check" CHECK (status IN ('due', 'paid')),
	CONSTRAINT "refunds_cancelled_by_check" CHECK (cancelled_by IN ('customer', 'company')),
	CONSTRAINT "refunds_amount_check" CHECK (amount_paise >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "subscriber_discount_paise" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "date_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "original_event_date" date;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_provider_event_key" ON "payment_webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_booking_key" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_status_created_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_open_token_key" ON "payment_orders" USING btree ("booking_id") WHERE purpose = 'token' AND status IN ('created', 'pending');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_check" CHECK (cancelled_by IS NULL OR cancelled_by IN ('customer', 'company'));