CREATE TABLE "analysis_rulesets" (
	"kind" text NOT NULL,
	"version_number" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"ruleset" jsonb NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_rulesets_kind_version_number_pk" PRIMARY KEY("kind","version_number")
);
--> statement-breakpoint
CREATE TABLE "job_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"role" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" double precision NOT NULL,
	"sniff" jsonb NOT NULL,
	"suggestion" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"validation" jsonb,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_match_overrides" (
	"job_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"decision" text NOT NULL,
	"merchant_id" text,
	"user_id" uuid,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_match_overrides_job_id_supplier_key_pk" PRIMARY KEY("job_id","supplier_key")
);
--> statement-breakpoint
CREATE TABLE "job_supplier_results" (
	"job_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"supplier_id" text,
	"supplier_name" text NOT NULL,
	"country" text,
	"city" text,
	"postcode" text,
	"spend" double precision,
	"annual_spend" double precision,
	"po_count" integer,
	"invoice_count" integer,
	"payment_count" integer,
	"main_payment_method" text,
	"payment_methods" jsonb,
	"payment_frequency" text,
	"payment_terms_days" double precision,
	"actual_days_to_pay" double precision,
	"match_status" text NOT NULL,
	"confidence" text NOT NULL,
	"match_source" text NOT NULL,
	"rule_id" text,
	"merchant_id" text,
	"merchant_name" text,
	"merchant_dba_name" text,
	"mcc" text,
	"accepts_card" boolean,
	"accepts_virtual_card" boolean,
	"stp_enrolled" boolean,
	"data_level" integer,
	"evidence" jsonb,
	"optima_score" integer,
	"optima_level" text,
	"optima_product" text,
	"stp_score" integer,
	"stp_level" text,
	"vcard_score" integer,
	"vcard_level" text,
	"pcard_score" integer,
	"pcard_level" text,
	"tande_card_score" integer,
	"tande_card_level" text,
	"scf_score" integer,
	"scf_level" text,
	"instant_pay_score" integer,
	"instant_pay_level" text,
	"boost_score" integer,
	"boost_level" text,
	"score_drivers" jsonb,
	"card_accepting" text DEFAULT 'UNMATCHED' NOT NULL,
	"vc_accepting" text DEFAULT 'UNMATCHED' NOT NULL,
	"detail_level" text DEFAULT 'none' NOT NULL,
	"stp_capable" text DEFAULT 'FALSE' NOT NULL,
	"card_capability" text DEFAULT 'Unmatched' NOT NULL,
	CONSTRAINT "job_supplier_results_job_id_supplier_key_pk" PRIMARY KEY("job_id","supplier_key")
);
--> statement-breakpoint
CREATE TABLE "job_user_assignments" (
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"connection" text NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_user_assignments_job_id_user_id_connection_pk" PRIMARY KEY("job_id","user_id","connection")
);
--> statement-breakpoint
CREATE TABLE "job_workflow_steps" (
	"job_id" uuid NOT NULL,
	"step" text NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'Blocked' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text,
	"command_id" uuid,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "job_workflow_steps_job_id_step_pk" PRIMARY KEY("job_id","step")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"issuer_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"analysis_date" date NOT NULL,
	"reference_version_id" text,
	"confidence_ruleset_version" integer,
	"scoring_ruleset_version" integer,
	"run_number" integer DEFAULT 0 NOT NULL,
	"supplier_count" integer,
	"summary" jsonb,
	"demo_key" text,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_demo_key_unique" UNIQUE("demo_key")
);
--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_match_overrides" ADD CONSTRAINT "job_match_overrides_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_match_overrides" ADD CONSTRAINT "job_match_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_supplier_results" ADD CONSTRAINT "job_supplier_results_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_user_assignments" ADD CONSTRAINT "job_user_assignments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_user_assignments" ADD CONSTRAINT "job_user_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_workflow_steps" ADD CONSTRAINT "job_workflow_steps_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_rulesets_one_active" ON "analysis_rulesets" USING btree ("kind") WHERE "analysis_rulesets"."is_active";--> statement-breakpoint
CREATE INDEX "job_files_job_idx" ON "job_files" USING btree ("job_id","role");--> statement-breakpoint
CREATE INDEX "job_supplier_results_spend_idx" ON "job_supplier_results" USING btree ("job_id","annual_spend");--> statement-breakpoint
CREATE INDEX "job_user_assignments_user_idx" ON "job_user_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "jobs_issuer_idx" ON "jobs" USING btree ("issuer_id","updated_at");--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "jobs_buyer_idx" ON "jobs" USING btree ("buyer_id");