ALTER TABLE "users" ADD COLUMN "idp_issuer" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_idp_subject_idx" ON "users" USING btree ("idp_issuer","idp_id");