CREATE TABLE "job_insight_bars" (
	"job_id" uuid NOT NULL,
	"grouping" text NOT NULL,
	"slicer" text NOT NULL,
	"slicer_value" text NOT NULL,
	"product" text NOT NULL,
	"bucket" text NOT NULL,
	"label" text NOT NULL,
	"sort_key" integer,
	"suppliers" integer NOT NULL,
	"spend" double precision NOT NULL,
	"pos" integer NOT NULL,
	"invoices" integer NOT NULL,
	"payments" integer NOT NULL,
	"avg_terms_days" double precision,
	"avg_days_to_pay" double precision,
	CONSTRAINT "job_insight_bars_job_id_grouping_slicer_slicer_value_product_bucket_pk" PRIMARY KEY("job_id","grouping","slicer","slicer_value","product","bucket")
);
--> statement-breakpoint
CREATE TABLE "job_insights" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bar_count" integer NOT NULL,
	"unavailable" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_insight_bars" ADD CONSTRAINT "job_insight_bars_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_insights" ADD CONSTRAINT "job_insights_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_insight_bars_grouping_idx" ON "job_insight_bars" USING btree ("grouping","slicer","slicer_value","product");