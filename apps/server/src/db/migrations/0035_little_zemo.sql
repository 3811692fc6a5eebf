CREATE TABLE "issuer_sso_configs" (
	"issuer_id" uuid PRIMARY KEY NOT NULL,
	"issuer_url" text NOT NULL,
	"client_id" text NOT NULL,
	"sealed_client_secret" text NOT NULL,
	"enabled" boolean NOT NULL,
	"button_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issuer_sso_configs" ADD CONSTRAINT "issuer_sso_configs_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;