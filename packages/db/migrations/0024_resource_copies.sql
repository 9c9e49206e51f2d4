CREATE TABLE "resource_copies" (
	"resource_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"source_url" text NOT NULL,
	"title" text,
	"byline" text,
	"html" text NOT NULL,
	"content" text NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate(left("resource_copies"."content", 200000), '<>', '  ')), 'D')) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_copies" ADD CONSTRAINT "resource_copies_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_copies" ADD CONSTRAINT "resource_copies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_copies_workspace_idx" ON "resource_copies" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "resource_copies_search_idx" ON "resource_copies" USING gin ("search") WITH (fastupdate=false);