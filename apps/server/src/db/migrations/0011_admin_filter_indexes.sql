CREATE INDEX "users_given_name_idx" ON "users" USING btree ("given_name" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_surname_idx" ON "users" USING btree ("surname" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "issuers_key_sort_idx" ON "issuers" USING btree ("issuer_key" NULLS FIRST);