DROP INDEX "users_active_username_idx";--> statement-breakpoint
DROP INDEX "users_unapproved_username_idx";--> statement-breakpoint
DROP INDEX "users_pending_username_idx";--> statement-breakpoint
DROP INDEX "users_deactivated_username_idx";--> statement-breakpoint
DROP INDEX "users_display_name_idx";--> statement-breakpoint
DROP INDEX "users_last_activity_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "issuers_name_idx";--> statement-breakpoint
CREATE INDEX "users_active_username_idx" ON "users" USING btree ("username" NULLS FIRST,"id") WHERE not "users"."is_deactivated" and not "users"."pending" and "users"."approved";--> statement-breakpoint
CREATE INDEX "users_unapproved_username_idx" ON "users" USING btree ("username" NULLS FIRST,"id") WHERE not "users"."is_deactivated" and not "users"."pending" and not "users"."approved";--> statement-breakpoint
CREATE INDEX "users_pending_username_idx" ON "users" USING btree ("username" NULLS FIRST,"id") WHERE not "users"."is_deactivated" and "users"."pending";--> statement-breakpoint
CREATE INDEX "users_deactivated_username_idx" ON "users" USING btree ("username" NULLS FIRST,"id") WHERE "users"."is_deactivated";--> statement-breakpoint
CREATE INDEX "users_display_name_idx" ON "users" USING btree ("display_name" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_last_activity_idx" ON "users" USING btree ("last_activity_at" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "issuers_name_idx" ON "issuers" USING btree ("name" NULLS FIRST);