DROP INDEX "job_supplier_results_name_idx";--> statement-breakpoint
CREATE INDEX "job_supplier_results_by_spend_idx" ON "job_supplier_results" USING btree ("job_id","spend" DESC NULLS LAST,"supplier_key");--> statement-breakpoint
CREATE INDEX "job_supplier_results_name_idx" ON "job_supplier_results" USING btree ("job_id","supplier_name" NULLS FIRST,"supplier_key");