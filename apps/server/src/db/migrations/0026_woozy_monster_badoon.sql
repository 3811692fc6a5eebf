CREATE TABLE "campaign_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"type" text NOT NULL,
	"step" integer,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_exclusions" (
	"campaign_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"supplier_name" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	CONSTRAINT "campaign_exclusions_campaign_id_supplier_key_pk" PRIMARY KEY("campaign_id","supplier_key")
);
--> statement-breakpoint
CREATE TABLE "campaign_outcome_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"applied" integer NOT NULL,
	"rejects" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_response_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_sends" (
	"campaign_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"step" integer NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"response" text,
	CONSTRAINT "campaign_sends_campaign_id_supplier_key_step_pk" PRIMARY KEY("campaign_id","supplier_key","step")
);
--> statement-breakpoint
CREATE TABLE "campaign_suppliers" (
	"campaign_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"supplier_name" text NOT NULL,
	"spend" double precision,
	"use_case_id" uuid,
	"contact_email" text,
	"contact_name" text,
	"contact_phone" text,
	"sendable" boolean NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"outcome" text,
	"outcome_reason" text,
	"outcome_at" timestamp with time zone,
	"is_vlb_auto_enrolled" boolean DEFAULT false NOT NULL,
	"next_step" integer DEFAULT 0 NOT NULL,
	"next_due_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	CONSTRAINT "campaign_suppliers_campaign_id_supplier_key_pk" PRIMARY KEY("campaign_id","supplier_key")
);
--> statement-breakpoint
CREATE TABLE "campaign_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"route" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"follow_up_subject" text NOT NULL,
	"follow_up_body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"route" text NOT NULL,
	"card_product" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"use_case_ids" uuid[] NOT NULL,
	"follow_up_days" integer[] NOT NULL,
	"close_day" integer NOT NULL,
	"decline_period_days" integer NOT NULL,
	"virtual_lockbox" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"follow_up_subject" text NOT NULL,
	"follow_up_body" text NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_supplier_exclusions" (
	"job_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_supplier_exclusions_job_id_supplier_key_pk" PRIMARY KEY("job_id","supplier_key")
);
--> statement-breakpoint
ALTER TABLE "job_supplier_results" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "job_supplier_results" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "job_supplier_results" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_exclusions" ADD CONSTRAINT "campaign_exclusions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_outcome_uploads" ADD CONSTRAINT "campaign_outcome_uploads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_outcome_uploads" ADD CONSTRAINT "campaign_outcome_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_response_tokens" ADD CONSTRAINT "campaign_response_tokens_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_suppliers" ADD CONSTRAINT "campaign_suppliers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_templates" ADD CONSTRAINT "campaign_templates_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_templates" ADD CONSTRAINT "campaign_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_supplier_exclusions" ADD CONSTRAINT "job_supplier_exclusions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_supplier_exclusions" ADD CONSTRAINT "job_supplier_exclusions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_events_supplier_idx" ON "campaign_events" USING btree ("campaign_id","supplier_key","id");--> statement-breakpoint
CREATE INDEX "campaign_response_tokens_supplier_idx" ON "campaign_response_tokens" USING btree ("campaign_id","supplier_key");--> statement-breakpoint
CREATE INDEX "campaign_suppliers_status_idx" ON "campaign_suppliers" USING btree ("campaign_id","status","supplier_key");--> statement-breakpoint
CREATE INDEX "campaign_suppliers_due_idx" ON "campaign_suppliers" USING btree ("next_due_at") WHERE "campaign_suppliers"."next_due_at" is not null;--> statement-breakpoint
CREATE INDEX "campaign_suppliers_key_idx" ON "campaign_suppliers" USING btree ("supplier_key");--> statement-breakpoint
CREATE INDEX "campaign_templates_issuer_idx" ON "campaign_templates" USING btree ("issuer_id","route","language");--> statement-breakpoint
CREATE INDEX "campaigns_job_idx" ON "campaigns" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_issuer_idx" ON "campaigns" USING btree ("issuer_id");