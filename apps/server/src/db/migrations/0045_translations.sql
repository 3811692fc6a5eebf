CREATE TABLE "translation_overrides" (
	"language" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"updated_by" uuid,
	"updated_by_username" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_overrides_language_key_pk" PRIMARY KEY("language","key")
);
--> statement-breakpoint
CREATE TABLE "user_languages" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translation_overrides" ADD CONSTRAINT "translation_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_languages" ADD CONSTRAINT "user_languages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;