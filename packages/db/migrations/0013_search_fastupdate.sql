-- The search indexes without GIN's pending list: with it, every search read the list of entries not yet
-- merged (up to gin_pending_list_limit, 4 MB) row by row, and only VACUUM merges it, which PGlite never
-- runs. Rebuilding the indexes also starts them without one.
DROP INDEX "comments_search_idx";--> statement-breakpoint
DROP INDEX "projects_search_idx";--> statement-breakpoint
DROP INDEX "resources_search_idx";--> statement-breakpoint
DROP INDEX "workspace_tools_search_idx";--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "resources_search_idx" ON "resources" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "workspace_tools_search_idx" ON "workspace_tools" USING gin ("search") WITH (fastupdate=false);