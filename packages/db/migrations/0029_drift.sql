CREATE TABLE "repository_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid,
	"source" text NOT NULL,
	"result" jsonb NOT NULL,
	"scanned_by" uuid NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repository_scans_target_key" UNIQUE NULLS NOT DISTINCT("workspace_id","project_id"),
	CONSTRAINT "repository_scans_source_check" CHECK ("repository_scans"."source" in ('upload', 'cli'))
);
--> statement-breakpoint
ALTER TABLE "repository_scans" ADD CONSTRAINT "repository_scans_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repository_scans" ADD CONSTRAINT "repository_scans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;