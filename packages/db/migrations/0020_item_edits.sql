ALTER TABLE "resources" ADD COLUMN "edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD COLUMN "homepage_url" text;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD COLUMN "forge_url" text;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD COLUMN "documentation_url" text;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD COLUMN "icon_url" text;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD COLUMN "icon_media" text;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD COLUMN "edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD CONSTRAINT "workspace_tools_icon_media_media_hash_fk" FOREIGN KEY ("icon_media") REFERENCES "public"."media"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A workspace's search finds the name and description it sees: its own correction while the field is in
-- edited_fields, else the global tool's.
CREATE OR REPLACE FUNCTION "workspace_tools_search_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT setweight(to_tsvector('english'::regconfig, translate(coalesce(CASE WHEN 'name' = ANY(NEW.edited_fields) THEN NEW.name ELSE t.name END, '') || ' ' || NEW.slug, '<>', '  ')), 'A')
		|| setweight(to_tsvector('english'::regconfig, translate(coalesce(CASE WHEN 'description' = ANY(NEW.edited_fields) THEN NEW.description ELSE t.description END, '') || ' ' || NEW.raw_submitted_url, '<>', '  ')), 'B')
	INTO NEW.search FROM "tools" t WHERE t.id = NEW.tool_id;
	RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "workspace_tools_search" ON "workspace_tools";--> statement-breakpoint
CREATE TRIGGER "workspace_tools_search" BEFORE INSERT OR UPDATE OF "tool_id", "slug", "raw_submitted_url", "name", "description", "edited_fields" ON "workspace_tools" FOR EACH ROW EXECUTE FUNCTION "workspace_tools_search_refresh"();
