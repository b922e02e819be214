CREATE TABLE "event_reminders" (
	"booking_id" uuid NOT NULL,
	"event_date" date NOT NULL,
	"whatsapp_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminders_pkey" PRIMARY KEY("booking_id","event_date")
);
--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_whatsapp_id_whatsapp_outbox_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapp_outbox"("id") ON DELETE set null ON UPDATE no action;