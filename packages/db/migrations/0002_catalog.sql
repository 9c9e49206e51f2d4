CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"commenter_id" uuid NOT NULL,
	"project_id" uuid,
	"workspace_tool_id" uuid,
	"resource_id" uuid,
	"content" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate("comments"."content", '<>', '  ')), 'A')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_one_target_check" CHECK (num_nonnulls("comments"."project_id", "comments"."workspace_tool_id", "comments"."resource_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "project_tags" (
	"tag_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	CONSTRAINT "project_tags_tag_id_project_id_pk" PRIMARY KEY("tag_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "project_tools" (
	"project_id" uuid NOT NULL,
	"workspace_tool_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_tools_project_id_workspace_tool_id_pk" PRIMARY KEY("project_id","workspace_tool_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate("projects"."name" || ' ' || "projects"."slug", '<>', '  ')), 'A')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_slug_key" UNIQUE("workspace_id","slug")
);
--> statement-breakpoint
CREATE TABLE "resource_tags" (
	"tag_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	CONSTRAINT "resource_tags_tag_id_resource_id_pk" PRIMARY KEY("tag_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"raw_submitted_url" text NOT NULL,
	"extracted_title" text,
	"extracted_description" text,
	"extracted_image" text,
	"rating" smallint,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate(coalesce("resources"."extracted_title", '') || ' ' || "resources"."raw_submitted_url", '<>', '  ')), 'A') || setweight(to_tsvector('english'::regconfig, translate(coalesce("resources"."extracted_description", ''), '<>', '  ')), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_fingerprint_key" UNIQUE("workspace_id","fingerprint"),
	CONSTRAINT "resources_rating_check" CHECK ("resources"."rating" is null or "resources"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"description" text,
	"criteria" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_tags" (
	"tag_id" uuid NOT NULL,
	"workspace_tool_id" uuid NOT NULL,
	CONSTRAINT "tool_tags_tag_id_workspace_tool_id_pk" PRIMARY KEY("tag_id","workspace_tool_id")
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fingerprint" text NOT NULL,
	"canonical_url" text NOT NULL,
	"name" text,
	"description" text,
	"image_url" text,
	"homepage_url" text,
	"forge_url" text,
	"discord_url" text,
	"slack_url" text,
	"enriched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tools_fingerprint_key" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "workspace_tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"raw_submitted_url" text NOT NULL,
	"rating" smallint,
	"search" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_tools_slug_key" UNIQUE("workspace_id","slug"),
	CONSTRAINT "workspace_tools_tool_key" UNIQUE("workspace_id","tool_id"),
	CONSTRAINT "workspace_tools_rating_check" CHECK ("workspace_tools"."rating" is null or "workspace_tools"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_workspace_tool_id_workspace_tools_id_fk" FOREIGN KEY ("workspace_tool_id") REFERENCES "public"."workspace_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tags" ADD CONSTRAINT "project_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tags" ADD CONSTRAINT "project_tags_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tools" ADD CONSTRAINT "project_tools_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tools" ADD CONSTRAINT "project_tools_workspace_tool_id_workspace_tools_id_fk" FOREIGN KEY ("workspace_tool_id") REFERENCES "public"."workspace_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_tags" ADD CONSTRAINT "resource_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_tags" ADD CONSTRAINT "resource_tags_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_tags" ADD CONSTRAINT "tool_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_tags" ADD CONSTRAINT "tool_tags_workspace_tool_id_workspace_tools_id_fk" FOREIGN KEY ("workspace_tool_id") REFERENCES "public"."workspace_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD CONSTRAINT "workspace_tools_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_tools" ADD CONSTRAINT "workspace_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_project_idx" ON "comments" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_tool_idx" ON "comments" USING btree ("workspace_tool_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_resource_idx" ON "comments" USING btree ("resource_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_workspace_idx" ON "comments" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search");--> statement-breakpoint
CREATE INDEX "project_tags_item_idx" ON "project_tags" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_tools_tool_idx" ON "project_tools" USING btree ("workspace_tool_id");--> statement-breakpoint
CREATE INDEX "projects_recent_idx" ON "projects" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree ("workspace_id","name","id");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search");--> statement-breakpoint
CREATE INDEX "resource_tags_item_idx" ON "resource_tags" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "resources_recent_idx" ON "resources" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "resources_rating_idx" ON "resources" USING btree ("workspace_id",coalesce("rating", 0),"id");--> statement-breakpoint
CREATE INDEX "resources_name_idx" ON "resources" USING btree ("workspace_id",coalesce("extracted_title", "raw_submitted_url"),"id");--> statement-breakpoint
CREATE INDEX "resources_search_idx" ON "resources" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_key" ON "tags" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tool_tags_item_idx" ON "tool_tags" USING btree ("workspace_tool_id");--> statement-breakpoint
CREATE INDEX "workspace_tools_recent_idx" ON "workspace_tools" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "workspace_tools_rating_idx" ON "workspace_tools" USING btree ("workspace_id",coalesce("rating", 0),"id");--> statement-breakpoint
CREATE INDEX "workspace_tools_tool_idx" ON "workspace_tools" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "workspace_tools_search_idx" ON "workspace_tools" USING gin ("search");--> statement-breakpoint
-- Written by hand (drizzle-kit does not generate triggers): a workspace tool's search vector joins its own
-- slug and URL with the global tool's name and description, so it is kept here rather than generated.
-- Angle brackets become spaces as in the generated columns (see searchVector in src/schema/catalog.ts).
CREATE FUNCTION "workspace_tools_search_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT setweight(to_tsvector('english'::regconfig, translate(coalesce(t.name, '') || ' ' || NEW.slug, '<>', '  ')), 'A')
		|| setweight(to_tsvector('english'::regconfig, translate(coalesce(t.description, '') || ' ' || NEW.raw_submitted_url, '<>', '  ')), 'B')
	INTO NEW.search FROM "tools" t WHERE t.id = NEW.tool_id;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "workspace_tools_search" BEFORE INSERT OR UPDATE OF "tool_id", "slug", "raw_submitted_url" ON "workspace_tools" FOR EACH ROW EXECUTE FUNCTION "workspace_tools_search_refresh"();--> statement-breakpoint
-- New global metadata (ingestion enriching a tool again) reaches every workspace that holds the tool.
CREATE FUNCTION "tools_search_propagate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "workspace_tools" SET "tool_id" = "tool_id" WHERE "tool_id" = NEW.id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tools_search" AFTER UPDATE OF "name", "description" ON "tools" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description) EXECUTE FUNCTION "tools_search_propagate"();
