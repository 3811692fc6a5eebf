DROP INDEX "job_supplier_results_spend_idx";--> statement-breakpoint
CREATE INDEX "job_supplier_results_name_idx" ON "job_supplier_results" USING btree ("job_id","supplier_name","supplier_key");--> statement-breakpoint
CREATE INDEX "job_supplier_results_merchant_idx" ON "job_supplier_results" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "job_supplier_results_spend_idx" ON "job_supplier_results" USING btree ("job_id","annual_spend" DESC NULLS LAST,"supplier_key");