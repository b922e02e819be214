CREATE TABLE "calendar_days" (
	"date" date PRIMARY KEY NOT NULL,
	"max_events" integer,
	"max_guests" integer,
	"closed_reason" text,
	"surcharge_percent" numeric(5, 2),
	"surcharge_reason" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_days_max_events_check" CHECK (max_events IS NULL OR max_events BETWEEN 0 AND 1000),
	CONSTRAINT "calendar_days_max_guests_check" CHECK (max_guests IS NULL OR max_guests BETWEEN 0 AND 1000000),
	CONSTRAINT "calendar_days_surcharge_check" CHECK (surcharge_percent IS NULL OR (surcharge_percent > 0 AND surcharge_percent <= 100 AND surcharge_reason IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_source_check";--> statement-breakpoint
DROP INDEX "projects_due_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "surcharge_paise" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "surcharge_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "surcharge_reason" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "awaiting_admin_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier_quotes" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "supplier_quotes" ADD COLUMN "budget_paise" bigint;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_one_live_per_user" ON "calendar_feeds" USING btree ("user_id") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX "projects_due_idx" ON "projects" USING btree ("auto_assign_date") WHERE status = 'open' AND awaiting_admin_at IS NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_source_check" CHECK (source IN ('instant_quote', 'inquiry', 'admin', 'phone', 'walk_in', 'whatsapp', 'referral'));--> statement-breakpoint
ALTER TABLE "supplier_quotes" ADD CONSTRAINT "supplier_quotes_flag_check" CHECK (flag IS NULL OR flag IN ('below_floor', 'over_budget'));