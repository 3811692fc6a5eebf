CREATE TABLE "use_case_figures" (
	"use_case_id" uuid NOT NULL,
	"results_version" text NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "use_case_figures_use_case_id_results_version_pk" PRIMARY KEY("use_case_id","results_version")
);
--> statement-breakpoint
ALTER TABLE "use_case_figures" ADD CONSTRAINT "use_case_figures_use_case_id_use_cases_id_fk" FOREIGN KEY ("use_case_id") REFERENCES "public"."use_cases"("id") ON DELETE cascade ON UPDATE no action;