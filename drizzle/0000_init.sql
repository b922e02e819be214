CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text,
	"city" text,
	"password_hash" text,
	"role" text DEFAULT 'customer' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK (role IN ('admin', 'supplier', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"business_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"location" text,
	"business_address" text,
	"services" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"services_offered" text,
	"experience_years" integer DEFAULT 0 NOT NULL,
	"gst_number" text,
	"portfolio_link" text,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"rating" numeric(2, 1) DEFAULT 0 NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_approval_status_check" CHECK (approval_status IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "suppliers_experience_check" CHECK (experience_years BETWEEN 0 AND 50),
	CONSTRAINT "suppliers_rating_check" CHECK (rating BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"client_phone" text,
	"event_type" text DEFAULT 'other' NOT NULL,
	"event_name" text NOT NULL,
	"event_date" date,
	"event_time" text,
	"venue_name" text,
	"venue_address" text,
	"venue_type" text,
	"city" text,
	"guest_count" integer,
	"requirements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pricing_tier" text,
	"base_price_per_person_paise" bigint,
	"discount_paise" bigint,
	"subtotal_paise" bigint,
	"gst_paise" bigint,
	"final_amount_paise" bigint,
	"valid_until" date,
	"status" text DEFAULT 'inquiry' NOT NULL,
	"source" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK (status IN ('inquiry', 'quoted', 'confirmed', 'in_progress', 'completed', 'cancelled')),
	CONSTRAINT "bookings_source_check" CHECK (source IN ('instant_quote', 'inquiry', 'admin')),
	CONSTRAINT "bookings_event_type_check" CHECK (event_type IN ('wedding', 'pre_wedding', 'corporate', 'birthday', 'anniversary', 'engagement', 'baby_shower', 'housewarming', 'festival', 'gala', 'grazing', 'private', 'other')),
	CONSTRAINT "bookings_guest_count_check" CHECK (guest_count IS NULL OR guest_count BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"supplier_id" uuid,
	"project_id" uuid,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"auto_assign_date" timestamp with time zone NOT NULL,
	"awarded_supplier_id" uuid,
	"awarded_quote_id" uuid,
	"awarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_status_check" CHECK (status IN ('open', 'awarded', 'unassigned', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "supplier_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"notes" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_quotes_amount_check" CHECK (amount_paise > 0 AND amount_paise <= 10000000000)
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_code" text NOT NULL,
	"purpose" text NOT NULL,
	"booking_id" uuid,
	"user_id" uuid,
	"email" text,
	"phone" text,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"utr" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_purpose_check" CHECK (purpose IN ('token', 'subscription')),
	CONSTRAINT "payment_orders_status_check" CHECK (status IN ('created', 'pending', 'paid', 'failed', 'expired', 'refunded')),
	CONSTRAINT "payment_orders_amount_check" CHECK (amount_paise > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"phone" text,
	"payment_order_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"discount_percent" integer DEFAULT 5 NOT NULL,
	"used_on_booking_id" uuid,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK (status IN ('pending', 'active', 'used', 'refunded', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_name" text NOT NULL,
	"event_type" text NOT NULL,
	"rating" integer NOT NULL,
	"review" text NOT NULL,
	"event_date" date,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_rating_check" CHECK (rating BETWEEN 1 AND 5),
	CONSTRAINT "testimonials_event_type_check" CHECK (event_type IN ('wedding', 'pre_wedding', 'corporate', 'birthday', 'anniversary', 'engagement', 'baby_shower', 'housewarming', 'festival', 'gala', 'grazing', 'private', 'other'))
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"path" text,
	"ip_address" text,
	"browser" text,
	"device" text,
	"city" text,
	"event_type" text,
	"booking_id" uuid,
	"supplier_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_events_kind_check" CHECK (kind IN ('page_view', 'quotation', 'vendor_registration'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"template" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK (status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_invitations" ADD CONSTRAINT "project_invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_invitations" ADD CONSTRAINT "project_invitations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_awarded_supplier_id_suppliers_id_fk" FOREIGN KEY ("awarded_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_quotes" ADD CONSTRAINT "supplier_quotes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_quotes" ADD CONSTRAINT "supplier_quotes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_used_on_booking_id_bookings_id_fk" FOREIGN KEY ("used_on_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_user_id_key" ON "suppliers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_email_lower_key" ON "suppliers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "suppliers_approval_created_idx" ON "suppliers" USING btree ("approval_status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_client_email_idx" ON "bookings" USING btree (lower("client_email"));--> statement-breakpoint
CREATE INDEX "bookings_event_date_idx" ON "bookings" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_supplier_created_idx" ON "notifications" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_invitations_project_supplier_key" ON "project_invitations" USING btree ("project_id","supplier_id");--> statement-breakpoint
CREATE INDEX "project_invitations_supplier_created_idx" ON "project_invitations" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_one_open_per_booking" ON "projects" USING btree ("booking_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "projects_due_idx" ON "projects" USING btree ("auto_assign_date") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_quotes_project_supplier_key" ON "supplier_quotes" USING btree ("project_id","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_order_code_key" ON "payment_orders" USING btree ("order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_utr_key" ON "payment_orders" USING btree ("utr");--> statement-breakpoint
CREATE INDEX "payment_orders_booking_idx" ON "payment_orders" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payment_orders_status_created_idx" ON "payment_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_email_idx" ON "subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "testimonials_published_created_idx" ON "testimonials" USING btree ("is_published","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_kind_created_idx" ON "analytics_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_booking_idx" ON "analytics_events" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "analytics_events_supplier_idx" ON "analytics_events" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("status","send_after");