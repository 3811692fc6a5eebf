-- How many users each listing status holds, kept by a trigger, so the unfiltered status lists
-- answer their totalCount without counting 100,000 rows per page.
CREATE FUNCTION user_listing_status(is_deactivated boolean, pending boolean, approved boolean)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN is_deactivated THEN 'deactivated'
              WHEN pending THEN 'pending'
              WHEN approved THEN 'active'
              ELSE 'unapproved' END
$$;
--> statement-breakpoint
CREATE TABLE "user_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "user_status_counts" (status, n)
SELECT s.status, count(u.id)
FROM (VALUES ('active'), ('unapproved'), ('pending'), ('deactivated')) AS s(status)
LEFT JOIN users u ON user_listing_status(u.is_deactivated, u.pending, u.approved) = s.status
GROUP BY s.status;
--> statement-breakpoint
CREATE FUNCTION users_status_count_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_status text;
  new_status text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_status := user_listing_status(OLD.is_deactivated, OLD.pending, OLD.approved);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_status := user_listing_status(NEW.is_deactivated, NEW.pending, NEW.approved);
  END IF;
  IF old_status IS DISTINCT FROM new_status THEN
    IF old_status IS NOT NULL THEN
      UPDATE user_status_counts SET n = n - 1 WHERE status = old_status;
    END IF;
    IF new_status IS NOT NULL THEN
      UPDATE user_status_counts SET n = n + 1 WHERE status = new_status;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_status_count AFTER INSERT OR DELETE OR UPDATE OF is_deactivated, pending, approved
ON users FOR EACH ROW EXECUTE FUNCTION users_status_count_trigger();
