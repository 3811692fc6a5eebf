CREATE TABLE "resource_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
