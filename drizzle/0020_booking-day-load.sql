DROP INDEX "bookings_event_date_idx";--> statement-breakpoint
CREATE INDEX "bookings_event_day_idx" ON "bookings" USING btree ("event_date","status","guest_count","id");