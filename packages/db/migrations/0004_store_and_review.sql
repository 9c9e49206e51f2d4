CREATE TABLE "bookmark_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"imported_by_user_id" uuid NOT NULL,
	"file_name" text,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmark_imports_status_check" CHECK ("bookmark_imports"."status" in ('running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "workspace_stores" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"installation_id" bigint,
	"repository_owner" text,
	"repository_name" text,
	"repository_url" text,
	"connected_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"synced_through" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_commit_sha" text,
	"last_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ingestion_submissions" DROP CONSTRAINT "ingestion_submissions_status_check";--> statement-breakpoint
ALTER TABLE "ingestion_submissions" ADD COLUMN "resource_id" uuid;--> statement-breakpoint
ALTER TABLE "ingestion_submissions" ADD COLUMN "bookmark_import_id" uuid;--> statement-breakpoint
ALTER TABLE "ingestion_submissions" ADD COLUMN "reviewed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "ingestion_submissions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "bookmark_imports" ADD CONSTRAINT "bookmark_imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_stores" ADD CONSTRAINT "workspace_stores_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmark_imports_workspace_idx" ON "bookmark_imports" USING btree ("workspace_id","created_at");--> statement-breakpoint
ALTER TABLE "ingestion_submissions" ADD CONSTRAINT "ingestion_submissions_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingestion_submissions" ADD CONSTRAINT "ingestion_submissions_bookmark_import_id_bookmark_imports_id_fk" FOREIGN KEY ("bookmark_import_id") REFERENCES "public"."bookmark_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key_idx" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
ALTER TABLE "ingestion_submissions" ADD CONSTRAINT "ingestion_submissions_status_check" CHECK ("ingestion_submissions"."status" in ('pending', 'fetching', 'completed', 'quarantined', 'failed', 'rejected'));