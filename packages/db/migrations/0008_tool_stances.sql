CREATE TABLE "workspace_tool_stances" (
	"workspace_tool_id" uuid PRIMARY KEY NOT NULL,
	"stance" text DEFAULT 'accepted' NOT NULL,
	"note" text,
	"category" text,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_tool_stances_stance_check" CHECK ("workspace_tool_stances"."stance" in ('preferred', 'accepted', 'avoid')),
	CONSTRAINT "workspace_tool_stances_note_check" CHECK ("workspace_tool_stances"."note" is null or char_length("workspace_tool_stances"."note") <= 200),
	CONSTRAINT "workspace_tool_stances_category_check" CHECK ("workspace_tool_stances"."category" is null or char_length("workspace_tool_stances"."category") <= 60)
);
--> statement-breakpoint
ALTER TABLE "workspace_tool_stances" ADD CONSTRAINT "workspace_tool_stances_workspace_tool_id_workspace_tools_id_fk" FOREIGN KEY ("workspace_tool_id") REFERENCES "public"."workspace_tools"("id") ON DELETE cascade ON UPDATE no action;