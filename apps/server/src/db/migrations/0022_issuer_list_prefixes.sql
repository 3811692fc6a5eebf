-- The issuer list's StartsWith on name and key compares stored lower-case copies (generated
-- columns) with LIKE: one range of their text_pattern_ops indexes, counted from the index alone.
-- 0020's indexes over lower(column) made every match evaluate lower() again (a name prefix
-- matching 1,000 issuers: a millisecond). The unfiltered list's total is kept by triggers, as the
-- user status counts are (0009): counting 2,000 issuers was half of a page's database time.
DROP INDEX IF EXISTS "issuers_name_prefix_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "issuers_key_prefix_idx";--> statement-breakpoint
DROP INDEX "issuers_name_idx";--> statement-breakpoint
DROP INDEX "issuers_key_sort_idx";--> statement-breakpoint
ALTER TABLE "issuers" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "issuers" ADD COLUMN "issuer_key_lower" text GENERATED ALWAYS AS (lower(issuer_key)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "issuers_name_lower_prefix_idx" ON "issuers" USING btree ("name_lower" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "issuers_key_lower_prefix_idx" ON "issuers" USING btree ("issuer_key_lower" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "issuers_name_idx" ON "issuers" USING btree ("name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "issuers_key_sort_idx" ON "issuers" USING btree ("issuer_key" NULLS FIRST,"id");--> statement-breakpoint
CREATE TABLE "issuer_total" ("n" integer NOT NULL);--> statement-breakpoint
INSERT INTO "issuer_total" (n) SELECT count(*)::int FROM issuers;--> statement-breakpoint
CREATE FUNCTION issuer_total_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issuer_total SET n = n + (SELECT count(*)::int FROM new_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION issuer_total_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issuer_total SET n = n - (SELECT count(*)::int FROM old_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER issuer_total_inserted AFTER INSERT ON issuers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION issuer_total_inserted();--> statement-breakpoint
CREATE TRIGGER issuer_total_deleted AFTER DELETE ON issuers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION issuer_total_deleted();
