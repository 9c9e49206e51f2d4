-- Generated, with this comment written by hand: each search index holds the workspace as text beside the search
-- vector (btree_gin). search_catalog reads a workspace that holds many items of a kind through this index, in a
-- plan kept for every call; keyed by the workspace's text, the index is the only one that condition can use,
-- so the kept plan cannot take the workspace's btree index instead, as it did when the key was the uuid itself
-- (a plan kept for any workspace believes each one small).
DROP INDEX "comments_search_idx";--> statement-breakpoint
DROP INDEX "projects_search_idx";--> statement-breakpoint
DROP INDEX "resources_search_idx";--> statement-breakpoint
DROP INDEX "workspace_tools_search_idx";--> statement-breakpoint
DROP INDEX "resource_copies_search_idx";--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin (("workspace_id"::text),"search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin (("workspace_id"::text),"search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "resources_search_idx" ON "resources" USING gin (("workspace_id"::text),"search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "workspace_tools_search_idx" ON "workspace_tools" USING gin (("workspace_id"::text),"search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "resource_copies_search_idx" ON "resource_copies" USING gin (("workspace_id"::text),"search") WITH (fastupdate=false);