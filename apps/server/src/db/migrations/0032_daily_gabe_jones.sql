CREATE TABLE "sftp_inbox_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inbox_id" uuid NOT NULL,
	"remote_path" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"remote_modified_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"job_id" uuid,
	"error" text,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sftp_inboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"issuer_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text NOT NULL,
	"auth_method" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"host_key_fingerprint" text NOT NULL,
	"remote_folder" text NOT NULL,
	"file_pattern" text NOT NULL,
	"job_type" text NOT NULL,
	"mapping" jsonb,
	"date_order" text NOT NULL,
	"schedule" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"actor" jsonb NOT NULL,
	"status" text DEFAULT 'NeverPolled' NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sftp_inbox_files" ADD CONSTRAINT "sftp_inbox_files_inbox_id_sftp_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."sftp_inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_inbox_files" ADD CONSTRAINT "sftp_inbox_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_inboxes" ADD CONSTRAINT "sftp_inboxes_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sftp_inboxes" ADD CONSTRAINT "sftp_inboxes_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sftp_inbox_files_key_idx" ON "sftp_inbox_files" USING btree ("inbox_id","remote_path","size_bytes","remote_modified_at");--> statement-breakpoint
CREATE INDEX "sftp_inbox_files_recent_idx" ON "sftp_inbox_files" USING btree ("inbox_id","claimed_at");--> statement-breakpoint
CREATE INDEX "sftp_inboxes_issuer_idx" ON "sftp_inboxes" USING btree ("issuer_id");