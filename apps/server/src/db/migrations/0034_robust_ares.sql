CREATE TABLE "analytics_report_shares" (
	"report_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "analytics_report_shares_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"definition" jsonb NOT NULL,
	"chart" text DEFAULT 'table' NOT NULL,
	"schedule" jsonb,
	"next_mail_at" timestamp with time zone,
	"last_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_report_shares" ADD CONSTRAINT "analytics_report_shares_report_id_analytics_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."analytics_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_shares" ADD CONSTRAINT "analytics_report_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_reports" ADD CONSTRAINT "analytics_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_report_shares_user_idx" ON "analytics_report_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_reports_owner_idx" ON "analytics_reports" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "analytics_reports_due_idx" ON "analytics_reports" USING btree ("next_mail_at") WHERE "analytics_reports"."next_mail_at" is not null;