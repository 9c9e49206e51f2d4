-- Written by hand: each search index also holds the workspace (btree_gin), so that search_catalog finds a
-- workspace's matches through it whatever plan PostgreSQL keeps. A kept (generic) plan cannot tell how many
-- items a workspace holds: with many workspaces in the database it took the workspace's btree index and ranked
-- every item of a large workspace, where this index reads only the matches in the workspace.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "workspace_tools_search_idx";--> statement-breakpoint
CREATE INDEX "workspace_tools_search_idx" ON "workspace_tools" USING gin ("workspace_id","search") WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "resources_search_idx";--> statement-breakpoint
CREATE INDEX "resources_search_idx" ON "resources" USING gin ("workspace_id","search") WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "resource_copies_search_idx";--> statement-breakpoint
CREATE INDEX "resource_copies_search_idx" ON "resource_copies" USING gin ("workspace_id","search") WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "projects_search_idx";--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("workspace_id","search") WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "comments_search_idx";--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("workspace_id","search") WITH (fastupdate=false);
