ALTER TABLE "gst_document_series" DROP CONSTRAINT "gst_document_series_kind_check";--> statement-breakpoint
ALTER TABLE "gst_documents" DROP CONSTRAINT "gst_documents_kind_check";--> statement-breakpoint
ALTER TABLE "gst_documents" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "gst_document_series" ADD CONSTRAINT "gst_document_series_kind_check" CHECK (kind IN ('receipt_voucher', 'tax_invoice', 'refund_voucher', 'credit_note', 'debit_note'));--> statement-breakpoint
ALTER TABLE "gst_documents" ADD CONSTRAINT "gst_documents_kind_check" CHECK (kind IN ('receipt_voucher', 'tax_invoice', 'refund_voucher', 'credit_note', 'debit_note'));