CREATE TABLE "booking_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"method" text,
	"reference" text,
	"payment_order_id" uuid,
	"refund_id" uuid,
	"reverses_id" uuid,
	"note" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_ledger_kind_check" CHECK (kind IN ('charge', 'payment', 'refund', 'adjustment')),
	CONSTRAINT "booking_ledger_method_check" CHECK (method IS NULL OR method IN ('upi', 'gateway', 'bank_transfer', 'cash', 'cheque')),
	CONSTRAINT "booking_ledger_amount_check" CHECK (amount_paise <> 0 AND (kind IN ('charge', 'adjustment') OR reverses_id IS NOT NULL OR amount_paise > 0))
);
--> statement-breakpoint
DROP INDEX "refunds_booking_key";--> statement-breakpoint
ALTER TABLE "booking_ledger" ADD CONSTRAINT "booking_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ledger" ADD CONSTRAINT "booking_ledger_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ledger" ADD CONSTRAINT "booking_ledger_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_ledger" ADD CONSTRAINT "booking_ledger_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_ledger_booking_idx" ON "booking_ledger" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_ledger_kind_created_idx" ON "booking_ledger" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_ledger_order_payment_key" ON "booking_ledger" USING btree ("payment_order_id") WHERE kind = 'payment' AND reverses_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_ledger_reverses_key" ON "booking_ledger" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
-- data migration
-- Ledger rows are never edited: only the links a deleted order, refund or user sets to NULL may change.
CREATE FUNCTION booking_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.booking_id, NEW.kind, NEW.amount_paise, NEW.method, NEW.reference, NEW.reverses_id, NEW.note, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.booking_id, OLD.kind, OLD.amount_paise, OLD.method, OLD.reference, OLD.reverses_id, OLD.note, OLD.created_at) THEN
    RAISE EXCEPTION 'booking_ledger rows are never edited; add a reversing row';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER booking_ledger_immutable BEFORE UPDATE ON booking_ledger FOR EACH ROW EXECUTE FUNCTION booking_ledger_immutable();
--> statement-breakpoint
-- Money already received: every paid token order becomes a payment row, dated when it was paid.
INSERT INTO booking_ledger (booking_id, kind, amount_paise, method, reference, payment_order_id, note, created_at)
SELECT o.booking_id, 'payment', o.amount_paise,
       CASE WHEN o.utr IS NOT NULL OR o.provider = 'upi' THEN 'upi' ELSE 'gateway' END,
       coalesce(o.utr, o.provider_reference), o.id, 'Booking amount', coalesce(o.paid_at, o.updated_at)
FROM payment_orders o
WHERE o.purpose = 'token' AND o.status = 'paid' AND o.booking_id IS NOT NULL;
--> statement-breakpoint
-- Refunds owed at cancellation.
INSERT INTO booking_ledger (booking_id, kind, amount_paise, refund_id, note, created_at)
SELECT r.booking_id, 'refund', r.amount_paise, r.id, 'Refund on cancellation', r.created_at
FROM refunds r
WHERE r.amount_paise > 0;
--> statement-breakpoint
-- What each booking costs: the total for a booking that goes ahead; for a cancelled one what the business keeps.
INSERT INTO booking_ledger (booking_id, kind, amount_paise, note, created_at)
SELECT b.id, 'charge', b.final_amount_paise, 'Booking total', coalesce(b.updated_at, b.created_at)
FROM bookings b
WHERE b.status IN ('confirmed', 'in_progress', 'completed') AND b.final_amount_paise IS NOT NULL AND b.final_amount_paise > 0;
--> statement-breakpoint
INSERT INTO booking_ledger (booking_id, kind, amount_paise, note, created_at)
SELECT b.id, 'charge', kept.amount, 'Kept on cancellation', coalesce(b.cancelled_at, b.updated_at)
FROM bookings b
JOIN LATERAL (
  SELECT coalesce((SELECT sum(amount_paise) FROM booking_ledger l WHERE l.booking_id = b.id AND l.kind = 'payment'), 0)
       - coalesce((SELECT sum(amount_paise) FROM booking_ledger l WHERE l.booking_id = b.id AND l.kind = 'refund'), 0) AS amount
) kept ON true
WHERE b.status = 'cancelled' AND kept.amount <> 0;
