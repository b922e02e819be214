-- data migration
-- The guest count is kept once, in bookings.guest_count (docs/decisions.md). A row that had it only inside
-- requirements gets it copied into the column (a whole number 1-10,000; 0 meant "not known yet" and stays NULL);
-- then the key leaves every row's requirements.
UPDATE bookings
SET guest_count = (requirements->>'guest_count')::integer
WHERE guest_count IS NULL
  AND CASE
    WHEN jsonb_typeof(requirements->'guest_count') = 'number' AND (requirements->>'guest_count') ~ '^[0-9]{1,5}$'
      THEN (requirements->>'guest_count')::integer BETWEEN 1 AND 10000
    ELSE false
  END;
--> statement-breakpoint
UPDATE bookings SET requirements = requirements - 'guest_count' WHERE requirements->'guest_count' IS NOT NULL;
