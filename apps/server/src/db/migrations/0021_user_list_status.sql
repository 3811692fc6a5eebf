-- The user status lists read one generated column, `status` (the function the status counts'
-- trigger uses), and indexes led by it: a page of any status, in any allowed order, is a walk of
-- that status's range, and a filter is a range inside it. The partial indexes per status served
-- only the username order; the plain ones made a filtered status list read the other statuses'
-- rows too. Usernames are lower-case by a CHECK (every way in lower-cases them already), so a
-- username prefix is a plain LIKE range: 0020's lower(username) index gives way to one led by
-- the status. The indexes of the filters asked with = or a prefix (username, given name,
-- surname) carry the other sortable columns, so such a filtered page sorts its matches from the
-- index alone (drizzle's schema cannot say INCLUDE; user.schema.ts names them).
DROP INDEX IF EXISTS "users_username_prefix_idx";--> statement-breakpoint
UPDATE "users" SET "username" = lower("username") WHERE "username" <> lower("username");--> statement-breakpoint
DROP INDEX "users_active_username_idx";--> statement-breakpoint
DROP INDEX "users_unapproved_username_idx";--> statement-breakpoint
DROP INDEX "users_pending_username_idx";--> statement-breakpoint
DROP INDEX "users_deactivated_username_idx";--> statement-breakpoint
DROP INDEX "users_display_name_idx";--> statement-breakpoint
DROP INDEX "users_last_activity_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "users_given_name_idx";--> statement-breakpoint
DROP INDEX "users_surname_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status" text GENERATED ALWAYS AS (user_listing_status(is_deactivated, pending, approved)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_status_username_idx" ON "users" USING btree ("status","username" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_status_display_name_idx" ON "users" USING btree ("status","display_name" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_status_given_name_idx" ON "users" USING btree ("status","given_name" NULLS FIRST,"id") INCLUDE ("username","display_name","surname","last_activity_at","created_at");--> statement-breakpoint
CREATE INDEX "users_status_surname_idx" ON "users" USING btree ("status","surname" NULLS FIRST,"id") INCLUDE ("username","display_name","given_name","last_activity_at","created_at");--> statement-breakpoint
CREATE INDEX "users_status_last_activity_idx" ON "users" USING btree ("status","last_activity_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_status_created_at_idx" ON "users" USING btree ("status","created_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_status_username_prefix_idx" ON "users" USING btree ("status","username" text_pattern_ops) INCLUDE ("id","display_name","given_name","surname","last_activity_at","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_username_lower_case" CHECK ("users"."username" = lower("users"."username"));
