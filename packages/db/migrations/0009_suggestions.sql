CREATE TABLE "suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"title_key" text NOT NULL,
	"engine" text NOT NULL,
	"content" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"dismiss_reason" text,
	"project_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestions_fingerprint_key" UNIQUE("workspace_id","fingerprint"),
	CONSTRAINT "suggestions_status_check" CHECK ("suggestions"."status" in ('open', 'dismissed', 'accepted')),
	CONSTRAINT "suggestions_engine_check" CHECK ("suggestions"."engine" in ('builtin', 'llm')),
	CONSTRAINT "suggestions_dismiss_reason_check" CHECK ("suggestions"."dismiss_reason" is null or char_length("suggestions"."dismiss_reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suggestions_status_idx" ON "suggestions" USING btree ("workspace_id","status");