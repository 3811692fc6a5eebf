-- The user status lists' filtered pages sort their matches from the index alone (0021): the given
-- name, surname and username prefix indexes carry the other sortable columns (INCLUDE). 0021 was
-- edited after it was committed to add those columns, so a database that had applied its first
-- form has the three indexes without them. This recreates each index that lacks them and leaves
-- the others as they are. Hand-written (a custom migration): drizzle's index builder cannot say
-- INCLUDE, so user.schema.ts declares the key columns only and test/catalogue.test.ts checks the rest.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('users_status_given_name_idx') AND indnkeyatts = indnatts) THEN
    DROP INDEX "users_status_given_name_idx";
    CREATE INDEX "users_status_given_name_idx" ON "users" USING btree ("status","given_name" NULLS FIRST,"id") INCLUDE ("username","display_name","surname","last_activity_at","created_at");
  END IF;
  IF EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('users_status_surname_idx') AND indnkeyatts = indnatts) THEN
    DROP INDEX "users_status_surname_idx";
    CREATE INDEX "users_status_surname_idx" ON "users" USING btree ("status","surname" NULLS FIRST,"id") INCLUDE ("username","display_name","given_name","last_activity_at","created_at");
  END IF;
  IF EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('users_status_username_prefix_idx') AND indnkeyatts = indnatts) THEN
    DROP INDEX "users_status_username_prefix_idx";
    CREATE INDEX "users_status_username_prefix_idx" ON "users" USING btree ("status","username" text_pattern_ops) INCLUDE ("id","display_name","given_name","surname","last_activity_at","created_at");
  END IF;
END
$$;
