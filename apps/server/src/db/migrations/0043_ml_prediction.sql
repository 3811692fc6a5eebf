CREATE TABLE "ml_models" (
	"version" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trained_at" timestamp with time zone,
	"trained_by_id" uuid,
	"trained_by_username" text NOT NULL,
	"feature_set" text NOT NULL,
	"hash_bits" integer NOT NULL,
	"training_size" integer,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text,
	"error" text,
	"evaluation" jsonb,
	"weights" text
);
--> statement-breakpoint
ALTER TABLE "job_supplier_results" ADD COLUMN "predicted_card_acceptance" double precision;--> statement-breakpoint
ALTER TABLE "ml_models" ADD CONSTRAINT "ml_models_trained_by_id_users_id_fk" FOREIGN KEY ("trained_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ml_models_one_active_idx" ON "ml_models" USING btree ("is_active") WHERE "ml_models"."is_active";