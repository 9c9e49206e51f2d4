CREATE TABLE "ingestion_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text DEFAULT 'tool' NOT NULL,
	"submitted_url" text NOT NULL,
	"submitted_fingerprint" text NOT NULL,
	"submitted_by_user_id" uuid NOT NULL,
	"submitted_comment" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"quarantine_context" jsonb,
	"workspace_tool_id" uuid,
	"pre_ingestion_extracted_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingestion_submissions_status_check" CHECK ("ingestion_submissions"."status" in ('pending', 'fetching', 'completed', 'quarantined', 'failed')),
	CONSTRAINT "ingestion_submissions_kind_check" CHECK ("ingestion_submissions"."kind" in ('tool', 'resource'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ingestion_submissions" ADD CONSTRAINT "ingestion_submissions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingestion_submissions" ADD CONSTRAINT "ingestion_submissions_workspace_tool_id_workspace_tools_id_fk" FOREIGN KEY ("workspace_tool_id") REFERENCES "public"."workspace_tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingestion_submissions_workspace_idx" ON "ingestion_submissions" USING btree ("workspace_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("queue","run_at") WHERE "jobs"."state" in ('queued', 'running');