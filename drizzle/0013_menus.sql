CREATE TABLE "booking_menu_items" (
	"booking_id" uuid NOT NULL,
	"dish_id" uuid NOT NULL,
	"add_on_price_paise" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_menu_items_booking_id_dish_id_pk" PRIMARY KEY("booking_id","dish_id"),
	CONSTRAINT "booking_menu_items_price_check" CHECK (add_on_price_paise IS NULL OR add_on_price_paise > 0)
);
--> statement-breakpoint
CREATE TABLE "booking_menus" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"guests_veg" integer NOT NULL,
	"guests_jain" integer NOT NULL,
	"guests_non_veg" integer NOT NULL,
	"allergy_notes" text,
	"setup_notes" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_menus_guests_check" CHECK (guests_veg >= 0 AND guests_jain >= 0 AND guests_non_veg >= 0)
);
--> statement-breakpoint
CREATE TABLE "dishes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"course" text NOT NULL,
	"diet" text NOT NULL,
	"allergens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"region" text NOT NULL,
	"description" text,
	"photo_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"add_on_price_paise" bigint,
	"yield_per_100" numeric(10, 2) NOT NULL,
	"yield_unit" text NOT NULL,
	"staff_per_counter" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dishes_course_check" CHECK (course IN ('welcome_drinks', 'soups', 'starters', 'mains', 'breads', 'rice', 'desserts', 'live_counters', 'beverages')),
	CONSTRAINT "dishes_diet_check" CHECK (diet IN ('jain', 'vegan', 'veg', 'egg', 'non_veg')),
	CONSTRAINT "dishes_region_check" CHECK (region IN ('north_indian', 'south_indian', 'gujarati', 'rajasthani', 'malwa', 'indo_chinese', 'continental')),
	CONSTRAINT "dishes_yield_unit_check" CHECK (yield_unit IN ('kg', 'litres', 'pieces')),
	CONSTRAINT "dishes_add_on_price_check" CHECK (add_on_price_paise IS NULL OR add_on_price_paise > 0),
	CONSTRAINT "dishes_yield_check" CHECK (yield_per_100 > 0),
	CONSTRAINT "dishes_staff_check" CHECK (staff_per_counter BETWEEN 0 AND 10)
);
--> statement-breakpoint
ALTER TABLE "booking_menu_items" ADD CONSTRAINT "booking_menu_items_booking_id_booking_menus_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_menus"("booking_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_menu_items" ADD CONSTRAINT "booking_menu_items_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_menus" ADD CONSTRAINT "booking_menus_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_menus" ADD CONSTRAINT "booking_menus_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_menu_items_dish_idx" ON "booking_menu_items" USING btree ("dish_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dishes_name_key" ON "dishes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "dishes_course_order_idx" ON "dishes" USING btree ("course","sort_order");