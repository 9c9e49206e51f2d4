CREATE TABLE "item_health" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"workspace_tool_id" uuid,
	"resource_id" uuid,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"http_status" integer,
	"moved_to" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"etag" text,
	"last_modified" text,
	"kept_status" text,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_health_tool_key" UNIQUE("workspace_tool_id"),
	CONSTRAINT "item_health_resource_key" UNIQUE("resource_id"),
	CONSTRAINT "item_health_status_check" CHECK ("item_health"."status" in ('ok', 'moved', 'gone', 'failing', 'archived', 'deprecated')),
	CONSTRAINT "item_health_item_check" CHECK (("item_health"."workspace_tool_id" is null) <> ("item_health"."resource_id" is null))
);
--> statement-breakpoint
ALTER TABLE "item_health" ADD CONSTRAINT "item_health_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_health" ADD CONSTRAINT "item_health_workspace_tool_id_workspace_tools_id_fk" FOREIGN KEY ("workspace_tool_id") REFERENCES "public"."workspace_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_health" ADD CONSTRAINT "item_health_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_health_workspace_idx" ON "item_health" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "item_health_checked_at_idx" ON "item_health" USING btree ("checked_at");