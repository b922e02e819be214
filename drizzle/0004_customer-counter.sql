-- Issue 7: accounts per role in stat_counters (see 0003), so the admin Customers tab's total is one small read
-- however many customers there are. Same statement-level triggers as the booking counters.
CREATE FUNCTION user_counter_keys(role text)
RETURNS TABLE (metric text, key text, amount_paise bigint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES ('users.role', role, 0::bigint)
$$;
--> statement-breakpoint
CREATE FUNCTION users_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  metrics text[]; keys text[]; ns bigint[]; amounts bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, count(*)::bigint AS n, 0::bigint AS amount
          FROM new_rows r, user_counter_keys(r.role) k GROUP BY k.metric, k.key) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, -count(*)::bigint AS n, 0::bigint AS amount
          FROM old_rows r, user_counter_keys(r.role) k GROUP BY k.metric, k.key) d;
  ELSE
    SELECT array_agg(d.metric), array_agg(d.key), array_agg(d.n), array_agg(d.amount) INTO metrics, keys, ns, amounts
    FROM (SELECT k.metric, k.key, sum(r.sign)::bigint AS n, 0::bigint AS amount
          FROM (SELECT 1 AS sign, role FROM new_rows UNION ALL SELECT -1 AS sign, role FROM old_rows) r, user_counter_keys(r.role) k
          GROUP BY k.metric, k.key) d;
  END IF;
  PERFORM stat_counters_add(metrics, keys, ns, amounts);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_inserts AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_changes();
--> statement-breakpoint
CREATE TRIGGER users_count_updates AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_changes();
--> statement-breakpoint
CREATE TRIGGER users_count_deletes AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_changes();
--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION stat_counters_reset('users');
--> statement-breakpoint
INSERT INTO stat_counters (metric, key, slot, n, amount_paise)
SELECT k.metric, k.key, 0, count(*), 0 FROM users u, user_counter_keys(u.role) k GROUP BY k.metric, k.key;
