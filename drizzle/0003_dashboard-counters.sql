CREATE TABLE "stat_counters" (
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_counters_pkey" PRIMARY KEY("metric","key","slot")
);
--> statement-breakpoint
ALTER TABLE "project_invitations" ADD COLUMN "project_created_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_customers_created_idx" ON "users" USING btree ("created_at","id") WHERE role = 'customer';--> statement-breakpoint
CREATE INDEX "suppliers_list_order_idx" ON "suppliers" USING btree (("approval_status" = 'approved' and "is_active") desc,lower("business_name"),"id");--> statement-breakpoint
CREATE INDEX "suppliers_created_idx" ON "suppliers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_supplier_unread_created_idx" ON "notifications" USING btree ("supplier_id",("read_at" is null),"created_at","id");--> statement-breakpoint
CREATE INDEX "project_invitations_supplier_project_idx" ON "project_invitations" USING btree ("supplier_id","project_created_at","project_id");--> statement-breakpoint
CREATE INDEX "analytics_events_ip_created_idx" ON "analytics_events" USING btree ("created_at") WHERE ip_address is not null;--> statement-breakpoint
CREATE INDEX "audit_log_status_changes_idx" ON "audit_log" USING btree ("created_at") WHERE action = 'booking.status_changed';--> statement-breakpoint
-- Issue 7: running counts for the admin dashboard (stat_counters), kept by statement-level triggers in the
-- writing transaction. A statement adds its net change per (metric, key) to the writer's slot (backend pid modulo
-- 32) in key order, so concurrent writers rarely share a counter row and never lock two in opposite orders.
-- The city key is the city report's grouping (reports.service.ts `cityOf`).
CREATE FUNCTION stat_counters_add(metrics text[], keys text[], ns bigint[], amounts bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stat_counters AS c (metric, key, slot, n, amount_paise)
  SELECT d.metric, d.key, (pg_backend_pid() % 32)::smallint, d.n, d.amount
  FROM unnest(metrics, keys, ns, amounts) AS d(metric, key, n, amount)
  WHERE d.n <> 0 OR d.amount <> 0
  ORDER BY d.metric, d.key
  ON CONFLICT (metric, key, slot) DO UPDATE SET n = c.n + excluded.n, amount_paise = c.amount_paise + excluded.amount_paise
$$;
--> statement-breakpoint
CREATE FUNCTION stat_counters_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_counters WHERE metric LIKE TG_ARGV[0] || '.%';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION booking_counter_keys(status text, event_type text, city text, amount bigint)
RETURNS TABLE (metric text, key text, amount_paise bigint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES ('bookings.status', status, coalesce(amount, 0)),
         ('bookings.event_type', event_type, 0::bigint),
         ('bookings.city', coalesce(nullif(initcap(btrim(city)), ''), 'Not specified'), 0::bigint)
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_counter_keys(kind text, device text)
RETURNS TABLE (metric text, key text, amount_paise bigint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'analytics.kind', kind, 0::bigint
  UNION ALL
  SELECT 'analytics.device', device, 0::bigint WHERE device IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION supplier_counter_keys(approval_status text, is_active boolean, location text)
RETURNS TABLE (metric text, key text, amount_paise bigint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'suppliers.live_city', coalesce(nullif(initcap(btrim(location)), ''), 'Not specified'), 0::bigint
  WHERE approval_status = 'approved' AND is_active
$$;
--> statement-breakpoint
CREATE FUNCTION bookings_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  metrics text[]; keys text[]; ns bigint[]; amounts bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, sum(r.sign)::bigint AS n, sum(r.sign * k.amount_paise)::bigint AS amount
          FROM (SELECT 1 AS sign, status, event_type, city, final_amount_paise FROM new_rows) r, booking_counter_keys(r.status, r.event_type, r.city, r.final_amount_paise) k GROUP BY k.metric, k.key) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, sum(r.sign)::bigint AS n, sum(r.sign * k.amount_paise)::bigint AS amount
          FROM (SELECT -1 AS sign, status, event_type, city, final_amount_paise FROM old_rows) r, booking_counter_keys(r.status, r.event_type, r.city, r.final_amount_paise) k GROUP BY k.metric, k.key) d;
  ELSE
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, sum(r.sign)::bigint AS n, sum(r.sign * k.amount_paise)::bigint AS amount
          FROM (SELECT 1 AS sign, status, event_type, city, final_amount_paise FROM new_rows UNION ALL SELECT -1 AS sign, status, event_type, city, final_amount_paise FROM old_rows) r, booking_counter_keys(r.status, r.event_type, r.city, r.final_amount_paise) k GROUP BY k.metric, k.key) d;
  END IF;
  PERFORM stat_counters_add(metrics, keys, ns, amounts);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_count_inserts AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_count_changes();
--> statement-breakpoint
CREATE TRIGGER bookings_count_updates AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_count_changes();
--> statement-breakpoint
CREATE TRIGGER bookings_count_deletes AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_count_changes();
--> statement-breakpoint
CREATE TRIGGER bookings_count_truncate AFTER TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_reset('bookings');
--> statement-breakpoint
CREATE FUNCTION analytics_events_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  metrics text[]; keys text[]; ns bigint[]; amounts bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, sum(r.sign)::bigint AS n, sum(r.sign * k.amount_paise)::bigint AS amount
          FROM (SELECT 1 AS sign, kind, device FROM new_rows) r, analytics_counter_keys(r.kind, r.device) k GROUP BY k.metric, k.key) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, sum(r.sign)::bigint AS n, sum(r.sign * k.amount_paise)::bigint AS amount
          FROM (SELECT -1 AS sign, kind, device FROM old_rows) r, analytics_counter_keys(r.kind, r.device) k GROUP BY k.metric, k.key) d;
  ELSE
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, sum(r.sign)::bigint AS n, sum(r.sign * k.amount_paise)::bigint AS amount
          FROM (SELECT 1 AS sign, kind, device FROM new_rows UNION ALL SELECT -1 AS sign, kind, device FROM old_rows) r, analytics_counter_keys(r.kind, r.device) k GROUP BY k.metric, k.key) d;
  END IF;
  PERFORM stat_counters_add(metrics, keys, ns, amounts);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_events_count_inserts AFTER INSERT ON analytics_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_count_changes();
--> statement-breakpoint
CREATE TRIGGER analytics_events_count_updates AFTER UPDATE ON analytics_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_count_changes();
--> statement-breakpoint
CREATE TRIGGER analytics_events_count_deletes AFTER DELETE ON analytics_events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_count_changes();
--> statement-breakpoint
CREATE TRIGGER analytics_events_count_truncate AFTER TRUNCATE ON analytics_events FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_reset('analytics');
--> statement-breakpoint
CREATE FUNCTION suppliers_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  metrics text[]; keys text[]; ns bigint[]; amounts bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, sum(r.sign)::bigint AS n, sum(r.sign * k.amount_paise)::bigint AS amount
          FROM (SELECT 1 AS sign, approval_status, is_active, location FROM new_rows) r, supplier_counter_keys(r.approval_status, r.is_active, r.location) k GROUP BY k.metric, k.key) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, sum(r.sign)::bigint AS n, sum(r.sign * k.amount_paise)::bigint AS amount
          FROM (SELECT -1 AS sign, approval_status, is_active, location FROM old_rows) r, supplier_counter_keys(r.approval_status, r.is_active, r.location) k GROUP BY k.metric, k.key) d;
  ELSE
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, sum(r.sign)::bigint AS n, sum(r.sign * k.amount_paise)::bigint AS amount
          FROM (SELECT 1 AS sign, approval_status, is_active, location FROM new_rows UNION ALL SELECT -1 AS sign, approval_status, is_active, location FROM old_rows) r, supplier_counter_keys(r.approval_status, r.is_active, r.location) k GROUP BY k.metric, k.key) d;
  END IF;
  PERFORM stat_counters_add(metrics, keys, ns, amounts);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER suppliers_count_inserts AFTER INSERT ON suppliers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suppliers_count_changes();
--> statement-breakpoint
CREATE TRIGGER suppliers_count_updates AFTER UPDATE ON suppliers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suppliers_count_changes();
--> statement-breakpoint
CREATE TRIGGER suppliers_count_deletes AFTER DELETE ON suppliers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION suppliers_count_changes();
--> statement-breakpoint
CREATE TRIGGER suppliers_count_truncate AFTER TRUNCATE ON suppliers FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_reset('suppliers');
--> statement-breakpoint
-- The counts of the rows already there (the triggers keep them from here on).
INSERT INTO stat_counters (metric, key, slot, n, amount_paise)
SELECT k.metric, k.key, 0, count(*), sum(k.amount_paise)
FROM bookings b, booking_counter_keys(b.status, b.event_type, b.city, b.final_amount_paise) k GROUP BY k.metric, k.key
UNION ALL
SELECT k.metric, k.key, 0, count(*), 0 FROM analytics_events a, analytics_counter_keys(a.kind, a.device) k GROUP BY k.metric, k.key
UNION ALL
SELECT k.metric, k.key, 0, count(*), 0 FROM suppliers s, supplier_counter_keys(s.approval_status, s.is_active, s.location) k GROUP BY k.metric, k.key;
--> statement-breakpoint
-- A supplier's projects list orders by the project's creation time without visiting every project it is invited to.
CREATE FUNCTION project_invitations_copy_project_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.project_created_at IS NULL THEN
    SELECT created_at INTO NEW.project_created_at FROM projects WHERE id = NEW.project_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_invitations_project_created_at BEFORE INSERT ON project_invitations
FOR EACH ROW EXECUTE FUNCTION project_invitations_copy_project_created_at();
--> statement-breakpoint
UPDATE project_invitations pi SET project_created_at = p.created_at FROM projects p WHERE p.id = pi.project_id;
