ALTER TABLE "job_supplier_results" ADD COLUMN "candidate_merchant_id" text;--> statement-breakpoint
ALTER TABLE "job_supplier_results" ADD COLUMN "candidate_merchant_name" text;--> statement-breakpoint
ALTER TABLE "job_supplier_results" ADD COLUMN "match_score" double precision;--> statement-breakpoint
ALTER TABLE "job_supplier_results" ADD COLUMN "match_weight" double precision;--> statement-breakpoint
ALTER TABLE "job_supplier_results" ADD COLUMN "match_probability" double precision;--> statement-breakpoint
ALTER TABLE "job_supplier_results" ADD COLUMN "entity_id" text;