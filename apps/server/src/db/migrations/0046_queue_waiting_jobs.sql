ALTER TABLE "jobs" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resource_limits" ADD COLUMN "when_exceeded" text;