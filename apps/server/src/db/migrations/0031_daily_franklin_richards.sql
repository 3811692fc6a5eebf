CREATE TABLE "ruleset_dry_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version_number" integer NOT NULL,
	"job_id" uuid NOT NULL,
	"state" text DEFAULT 'Queued' NOT NULL,
	"error" text,
	"summary" jsonb,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analysis_rulesets" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_rulesets" ADD COLUMN "based_on_version" integer;--> statement-breakpoint
ALTER TABLE "analysis_rulesets" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "analysis_rulesets" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analysis_rulesets" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ruleset_dry_runs" ADD CONSTRAINT "ruleset_dry_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ruleset_dry_runs_version" ON "ruleset_dry_runs" USING btree ("kind","version_number","created_at");