ALTER TABLE "job_supplier_results" DROP COLUMN "evidence";--> statement-breakpoint
ALTER TABLE "job_supplier_results" DROP COLUMN "score_features";