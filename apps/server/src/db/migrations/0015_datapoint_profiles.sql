CREATE TABLE "datapoint_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"datapoints" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datapoint_profiles_profile_key_unique" UNIQUE("profile_key"),
	CONSTRAINT "datapoint_profiles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
-- Profile ids stored before there were profiles name nothing: cleared so the foreign keys hold.
UPDATE "issuers" SET "analysis_data_download_datapoint_profile_id" = NULL, "matched_data_only_download_datapoint_profile_id" = NULL, "onboarding_data_download_datapoint_profile_id" = NULL;--> statement-breakpoint
ALTER TABLE "issuers" ADD CONSTRAINT "issuers_analysis_data_download_datapoint_profile_id_datapoint_profiles_id_fk" FOREIGN KEY ("analysis_data_download_datapoint_profile_id") REFERENCES "public"."datapoint_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuers" ADD CONSTRAINT "issuers_matched_data_only_download_datapoint_profile_id_datapoint_profiles_id_fk" FOREIGN KEY ("matched_data_only_download_datapoint_profile_id") REFERENCES "public"."datapoint_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuers" ADD CONSTRAINT "issuers_onboarding_data_download_datapoint_profile_id_datapoint_profiles_id_fk" FOREIGN KEY ("onboarding_data_download_datapoint_profile_id") REFERENCES "public"."datapoint_profiles"("id") ON DELETE set null ON UPDATE no action;