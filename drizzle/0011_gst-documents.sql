CREATE TABLE "gst_document_series" (
	"kind" text NOT NULL,
	"financial_year" integer NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "gst_document_series_pkey" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "gst_document_series_kind_check" CHECK (kind IN ('receipt_voucher', 'tax_invoice', 'refund_voucher', 'credit_note')),
	CONSTRAINT "gst_document_series_serial_check" CHECK (last_serial > 0)
);
--> statement-breakpoint
CREATE TABLE "gst_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"financial_year" integer NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"place_of_supply" text,
	"intra_state" boolean NOT NULL,
	"sac" text NOT NULL,
	"service_kind" text NOT NULL,
	"description" text NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"itc" boolean NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"round_off_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"advance_adjusted_paise" bigint DEFAULT 0 NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ledger_payment_id" uuid,
	"refund_id" uuid,
	"reason" text,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_documents_kind_check" CHECK (kind IN ('receipt_voucher', 'tax_invoice', 'refund_voucher', 'credit_note')),
	CONSTRAINT "gst_documents_service_kind_check" CHECK (service_kind IN ('catering', 'event_organisation')),
	CONSTRAINT "gst_documents_sum_check" CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise + round_off_paise = total_paise AND total_paise > 0),
	CONSTRAINT "gst_documents_number_check" CHECK (number ~ '^[A-Za-z0-9][A-Za-z0-9/-]{0,15}$')
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_company_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_gstin" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "venue_state_code" text;--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_ledger_payment_id_booking_ledger_id_fk" FOREIGN KEY ("ledger_payment_id") REFERENCES "public"."booking_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gst_documents_number_key" ON "gst_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "gst_documents_series_key" ON "gst_documents" USING btree ("kind","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "gst_documents_ledger_payment_key" ON "gst_documents" USING btree ("ledger_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gst_documents_refund_key" ON "gst_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gst_documents_booking_invoice_key" ON "gst_documents" USING btree ("booking_id") WHERE kind = 'tax_invoice';--> statement-breakpoint
CREATE INDEX "gst_documents_booking_idx" ON "gst_documents" USING btree ("booking_id","issued_at");--> statement-breakpoint
CREATE INDEX "gst_documents_issue_date_idx" ON "gst_documents" USING btree ("issue_date","kind");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_venue_state_code_check" CHECK (venue_state_code IS NULL OR venue_state_code ~ '^[0-9]{2}$');--> statement-breakpoint
-- GST documents are never edited or deleted (docs/gst.md#immutability): only the issuer link a deleted user sets to
-- NULL may change. A mistake is corrected by a credit note.
CREATE FUNCTION gst_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'gst_documents rows are never deleted; issue a credit note';
  END IF;
  IF (to_jsonb(NEW) - 'issued_by') IS DISTINCT FROM (to_jsonb(OLD) - 'issued_by') THEN
    RAISE EXCEPTION 'gst_documents rows are never edited; issue a credit note';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER gst_documents_immutable BEFORE UPDATE OR DELETE ON gst_documents FOR EACH ROW EXECUTE FUNCTION gst_documents_immutable();
