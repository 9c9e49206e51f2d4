ALTER TABLE "workspace_stores" ADD COLUMN "export_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_stores" ADD COLUMN "export_formats" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_stores" ADD COLUMN "export_written" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_stores" ADD COLUMN "export_conflicts" text[] DEFAULT '{}' NOT NULL;