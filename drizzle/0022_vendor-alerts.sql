ALTER TABLE "notifications" ADD COLUMN "vendor_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_vendor_id_suppliers_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_vendor_idx" ON "notifications" USING btree ("vendor_id");--> statement-breakpoint
-- Alerts written before the column name their applicant only in their text; link them by it.
UPDATE "notifications" AS n SET "vendor_id" = s."id" FROM "suppliers" AS s WHERE n."kind" = 'vendor_application' AND n."vendor_id" IS NULL AND n."message" = 'New vendor application: ' || s."business_name" || ' (' || s."location" || ') is waiting for approval';--> statement-breakpoint
-- An application already decided asks for nothing.
UPDATE "notifications" AS n SET "read_at" = now() FROM "suppliers" AS s WHERE n."vendor_id" = s."id" AND n."read_at" IS NULL AND s."approval_status" <> 'pending';
