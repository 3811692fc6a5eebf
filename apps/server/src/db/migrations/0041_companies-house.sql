CREATE TABLE "companies_house_enrichments" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"state" text NOT NULL,
	"uk_suppliers" integer DEFAULT 0 NOT NULL,
	"message" text,
	"requested_by_username" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_supplier_companies" (
	"job_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"run_id" uuid NOT NULL,
	"supplier_name" text NOT NULL,
	"postcode" text,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"company_number" text,
	"company_name" text,
	"company_status" text,
	"sic_codes" text[] NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_supplier_companies_job_id_supplier_key_pk" PRIMARY KEY("job_id","supplier_key")
);
--> statement-breakpoint
ALTER TABLE "companies_house_enrichments" ADD CONSTRAINT "companies_house_enrichments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_supplier_companies" ADD CONSTRAINT "job_supplier_companies_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;