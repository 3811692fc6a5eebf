CREATE TABLE "proq_command_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"command_type" text NOT NULL,
	"state" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proq_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"prerequisite" uuid,
	"command_type" text NOT NULL,
	"category" text,
	"target_entity_id" text,
	"job_id" uuid,
	"correlation_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"queued_date" timestamp with time zone DEFAULT now() NOT NULL,
	"started_date" timestamp with time zone,
	"completed_date" timestamp with time zone,
	"state" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"environment" text,
	"processing_group" text,
	"scheduled_time" timestamp with time zone,
	"stuck_time_out_in_seconds" integer DEFAULT 300 NOT NULL,
	"batch_id" text,
	"prerequisite_batch_id" text,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_delay_seconds" double precision,
	"locked_by" text,
	"progress" real,
	"progress_message" text,
	"result" jsonb,
	"canceled_because_of" uuid,
	"schedule_key" text,
	CONSTRAINT "proq_commands_state_check" CHECK ("proq_commands"."state" in ('Blocked', 'Pending', 'InProgress', 'Completed', 'Error', 'Canceled'))
);
--> statement-breakpoint
CREATE TABLE "proq_job_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid,
	"command_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proq_pauses" (
	"scope" text PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proq_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"concurrency" integer NOT NULL,
	"command_types" text[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "proq_commands_schedule_key_idx" ON "proq_commands" USING btree ("schedule_key") WHERE "proq_commands"."schedule_key" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_claim_idx" ON "proq_commands" USING btree ("priority" DESC NULLS LAST,"available_at") WHERE "proq_commands"."state" = 'Pending';--> statement-breakpoint
CREATE INDEX "proq_commands_claim_grouped_idx" ON "proq_commands" USING btree ("priority" DESC NULLS LAST,"available_at") WHERE "proq_commands"."state" = 'Pending' and "proq_commands"."processing_group" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_in_progress_idx" ON "proq_commands" USING btree ("processing_group") WHERE "proq_commands"."state" = 'InProgress';--> statement-breakpoint
CREATE INDEX "proq_commands_blocked_prerequisite_idx" ON "proq_commands" USING btree ("prerequisite") WHERE "proq_commands"."state" = 'Blocked';--> statement-breakpoint
CREATE INDEX "proq_commands_blocked_batch_idx" ON "proq_commands" USING btree ("prerequisite_batch_id") WHERE "proq_commands"."state" = 'Blocked';--> statement-breakpoint
CREATE INDEX "proq_commands_batch_idx" ON "proq_commands" USING btree ("batch_id","state") WHERE "proq_commands"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_correlation_idx" ON "proq_commands" USING btree ("correlation_id") WHERE "proq_commands"."correlation_id" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_job_idx" ON "proq_commands" USING btree ("job_id","queued_date") WHERE "proq_commands"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_target_idx" ON "proq_commands" USING btree ("target_entity_id") WHERE "proq_commands"."target_entity_id" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_queued_idx" ON "proq_commands" USING btree ("priority" DESC NULLS LAST,"queued_date") WHERE "proq_commands"."state" in ('Blocked', 'Pending', 'InProgress');--> statement-breakpoint
CREATE INDEX "proq_commands_completed_idx" ON "proq_commands" USING btree ("completed_date" DESC NULLS LAST) WHERE "proq_commands"."state" = 'Completed';--> statement-breakpoint
CREATE INDEX "proq_commands_error_idx" ON "proq_commands" USING btree ("completed_date" DESC NULLS LAST) WHERE "proq_commands"."state" in ('Error', 'Canceled');--> statement-breakpoint
CREATE INDEX "proq_commands_queued_date_idx" ON "proq_commands" USING btree ("queued_date");--> statement-breakpoint
CREATE INDEX "proq_commands_retrying_idx" ON "proq_commands" USING btree ("available_at") WHERE "proq_commands"."state" = 'Pending' and "proq_commands"."last_delay_seconds" is not null;--> statement-breakpoint
CREATE INDEX "proq_commands_canceled_because_idx" ON "proq_commands" USING btree ("canceled_because_of") WHERE "proq_commands"."canceled_because_of" is not null;--> statement-breakpoint
CREATE INDEX "proq_job_logs_job_idx" ON "proq_job_logs" USING btree ("job_id","id") WHERE "proq_job_logs"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "proq_job_logs_command_idx" ON "proq_job_logs" USING btree ("command_id","id");