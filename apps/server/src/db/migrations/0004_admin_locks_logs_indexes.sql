CREATE TABLE "entity_active_users" (
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entity_active_users_entity_type_entity_id_user_id_pk" PRIMARY KEY("entity_type","entity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "entity_locks" (
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"holder_user_id" uuid NOT NULL,
	"active_until" timestamp with time zone NOT NULL,
	"requester_user_id" uuid,
	"requested_at" timestamp with time zone,
	CONSTRAINT "entity_locks_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id")
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_username" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_name" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "entity_active_users" ADD CONSTRAINT "entity_active_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_locks" ADD CONSTRAINT "entity_locks_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_locks" ADD CONSTRAINT "entity_locks_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entity_active_users_seen_idx" ON "entity_active_users" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "system_logs_at_idx" ON "system_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "system_logs_entity_idx" ON "system_logs" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "system_logs_actor_idx" ON "system_logs" USING btree ("actor_username");--> statement-breakpoint
CREATE INDEX "users_active_username_idx" ON "users" USING btree ("username") WHERE not "users"."is_deactivated" and not "users"."pending" and "users"."approved";--> statement-breakpoint
CREATE INDEX "users_unapproved_username_idx" ON "users" USING btree ("username") WHERE not "users"."is_deactivated" and not "users"."pending" and not "users"."approved";--> statement-breakpoint
CREATE INDEX "users_pending_username_idx" ON "users" USING btree ("username") WHERE not "users"."is_deactivated" and "users"."pending";--> statement-breakpoint
CREATE INDEX "users_deactivated_username_idx" ON "users" USING btree ("username") WHERE "users"."is_deactivated";--> statement-breakpoint
CREATE INDEX "users_display_name_idx" ON "users" USING btree ("display_name");--> statement-breakpoint
CREATE INDEX "users_last_activity_idx" ON "users" USING btree ("last_activity_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_email_domain_idx" ON "users" USING btree (split_part("username", '@', 2));--> statement-breakpoint
CREATE INDEX "issuers_name_idx" ON "issuers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "issuers_scheme_idx" ON "issuers" USING btree ("scheme");