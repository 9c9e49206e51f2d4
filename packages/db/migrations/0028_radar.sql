CREATE TABLE "workspace_radar_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"accepted_ring" text NOT NULL,
	"quadrant_names" jsonb NOT NULL,
	"default_quadrant" integer NOT NULL,
	"category_quadrants" jsonb NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_radar_settings_ring_check" CHECK ("workspace_radar_settings"."accepted_ring" in ('trial', 'assess')),
	CONSTRAINT "workspace_radar_settings_quadrant_check" CHECK ("workspace_radar_settings"."default_quadrant" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "workspace_radar_settings" ADD CONSTRAINT "workspace_radar_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;