CREATE TABLE "whatsapp_consents" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_in_at" timestamp with time zone,
	"opted_in_source" text,
	"opted_out_at" timestamp with time zone,
	"opted_out_source" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_consents_in_source_check" CHECK (opted_in_source IN ('quote', 'inquiry', 'vendor_registration', 'reply')),
	CONSTRAINT "whatsapp_consents_out_source_check" CHECK (opted_out_source IN ('quote', 'inquiry', 'vendor_registration', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"to_phone" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preview" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_outbox_status_check" CHECK (status IN ('pending', 'sent', 'delivered', 'read', 'failed', 'skipped')),
	CONSTRAINT "whatsapp_outbox_template_check" CHECK (template IN ('quote_sent', 'payment_due', 'payment_received', 'booking_confirmed', 'supplier_invited', 'event_reminder'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_webhook_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_pending_idx" ON "whatsapp_outbox" USING btree ("status","send_after");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_booking_idx" ON "whatsapp_outbox" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_outbox_provider_message_key" ON "whatsapp_outbox" USING btree ("provider_message_id") WHERE provider_message_id is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_booking_idx" ON "notifications" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "email_outbox_booking_idx" ON "email_outbox" USING btree ("booking_id","created_at");