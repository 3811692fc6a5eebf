CREATE TABLE "brandings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branding_key" text NOT NULL,
	"theme" text NOT NULL,
	"display_name" text NOT NULL,
	"full_domain_name" text,
	"email_sender_address" text,
	"email_sender_name" text,
	CONSTRAINT "brandings_branding_key_unique" UNIQUE("branding_key"),
	CONSTRAINT "brandings_full_domain_name_unique" UNIQUE("full_domain_name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"given_name" text,
	"surname" text,
	"password_hash" text,
	"idp_id" text,
	"id_provider_name" text,
	"standard_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"tabbed_view_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"explicit_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"is_deactivated" boolean DEFAULT false NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	"can_switch_roles" boolean DEFAULT false NOT NULL,
	"branding_id" uuid,
	"agreed_terms_version" text,
	"agreed_privacy_version" text,
	"last_activity_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"country_iso3" varchar(3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issuer_users" (
	"issuer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_role" text NOT NULL,
	"is_domain_user" boolean DEFAULT false NOT NULL,
	CONSTRAINT "issuer_users_issuer_id_user_id_pk" PRIMARY KEY("issuer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "issuers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"issuer_key" text NOT NULL,
	"scheme" text DEFAULT 'Unknown' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"fallback_country_iso3" varchar(3) DEFAULT '' NOT NULL,
	"send_magic_links" boolean DEFAULT false NOT NULL,
	"branding_id" uuid,
	"analysis_data_download_datapoint_profile_id" uuid,
	"matched_data_only_download_datapoint_profile_id" uuid,
	"onboarding_data_download_datapoint_profile_id" uuid,
	"capabilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"virtual_lockboxes" text[] DEFAULT '{}'::text[] NOT NULL,
	"input_data_options" text[] DEFAULT '{}'::text[] NOT NULL,
	"key_aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"email_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_supplier_include_list" boolean DEFAULT false NOT NULL,
	"has_supplier_exclude_list" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issuers_issuer_key_unique" UNIQUE("issuer_key")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip_address" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magic_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"callback_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"idle_auto_logout" boolean DEFAULT true NOT NULL,
	"active_roles" text[],
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"transport" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branding_id_brandings_id_fk" FOREIGN KEY ("branding_id") REFERENCES "public"."brandings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuer_users" ADD CONSTRAINT "issuer_users_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuer_users" ADD CONSTRAINT "issuer_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuers" ADD CONSTRAINT "issuers_branding_id_brandings_id_fk" FOREIGN KEY ("branding_id") REFERENCES "public"."brandings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyers_issuer_idx" ON "buyers" USING btree ("issuer_id");--> statement-breakpoint
CREATE INDEX "issuer_users_user_idx" ON "issuer_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_failures_username_at_idx" ON "login_failures" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");