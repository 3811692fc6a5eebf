CREATE TABLE "results_link_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text
);
--> statement-breakpoint
ALTER TABLE "results_link_sessions" ADD CONSTRAINT "results_link_sessions_link_id_job_magic_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."job_magic_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "results_link_sessions_link_idx" ON "results_link_sessions" USING btree ("link_id");