ALTER TABLE "job_supplier_results" ADD COLUMN "score_features" jsonb;--> statement-breakpoint
ALTER TABLE "job_supplier_results" DROP COLUMN "score_drivers";