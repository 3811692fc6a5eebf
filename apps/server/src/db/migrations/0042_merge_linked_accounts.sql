CREATE TABLE "merge_linked_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"job_id" uuid,
	"magic_link_id" uuid,
	"connected_via" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"integration_name" text,
	"sealed_account_token" text,
	"actor" jsonb NOT NULL,
	"created_by_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_sync_job_id" uuid,
	"planned_job_id" uuid,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"merged_into_id" uuid
);
--> statement-breakpoint
ALTER TABLE "merge_linked_accounts" ADD CONSTRAINT "merge_linked_accounts_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_linked_accounts" ADD CONSTRAINT "merge_linked_accounts_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_linked_accounts" ADD CONSTRAINT "merge_linked_accounts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_linked_accounts" ADD CONSTRAINT "merge_linked_accounts_magic_link_id_job_magic_links_id_fk" FOREIGN KEY ("magic_link_id") REFERENCES "public"."job_magic_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_linked_accounts" ADD CONSTRAINT "merge_linked_accounts_last_sync_job_id_jobs_id_fk" FOREIGN KEY ("last_sync_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merge_linked_accounts_issuer_idx" ON "merge_linked_accounts" USING btree ("issuer_id","created_at");--> statement-breakpoint
CREATE INDEX "merge_linked_accounts_buyer_idx" ON "merge_linked_accounts" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "merge_linked_accounts_magic_link_idx" ON "merge_linked_accounts" USING btree ("magic_link_id");