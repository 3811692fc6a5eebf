CREATE TABLE "job_magic_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"issuer_id" uuid NOT NULL,
	"job_id" uuid,
	"recipient_email" text,
	"created_by_user_id" uuid,
	"created_by_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_file_name" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_magic_links" ADD CONSTRAINT "job_magic_links_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_magic_links" ADD CONSTRAINT "job_magic_links_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_magic_links" ADD CONSTRAINT "job_magic_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_magic_links_token_idx" ON "job_magic_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "job_magic_links_issuer_idx" ON "job_magic_links" USING btree ("issuer_id","created_at");--> statement-breakpoint
CREATE INDEX "job_magic_links_job_idx" ON "job_magic_links" USING btree ("job_id");