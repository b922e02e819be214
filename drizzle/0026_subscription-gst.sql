ALTER TABLE "gst_documents" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gst_documents" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gst_documents_subscription_doc_key" ON "gst_documents" USING btree ("subscription_id","kind") WHERE subscription_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_subject_check" CHECK (num_nonnulls(booking_id, subscription_id) = 1);