CREATE TABLE "payment_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"instalment" text NOT NULL,
	"due_date" date NOT NULL,
	"stage" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"email_id" uuid,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reminders_instalment_check" CHECK (instalment IN ('booking_amount', 'advance', 'balance')),
	CONSTRAINT "payment_reminders_stage_check" CHECK (stage IN ('before', 'due', 'overdue', 'manual')),
	CONSTRAINT "payment_reminders_amount_check" CHECK (amount_paise > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_once_key" ON "payment_reminders" USING btree ("booking_id","instalment","due_date","stage") WHERE stage <> 'manual';--> statement-breakpoint
CREATE INDEX "payment_reminders_booking_idx" ON "payment_reminders" USING btree ("booking_id","sent_at");