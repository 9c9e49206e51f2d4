ALTER TABLE "repository_scans" DROP CONSTRAINT "repository_scans_source_check";--> statement-breakpoint
ALTER TABLE "repository_scans" ADD COLUMN "commit_sha" text;--> statement-breakpoint
ALTER TABLE "repository_scans" ADD CONSTRAINT "repository_scans_source_check" CHECK ("repository_scans"."source" in ('upload', 'cli', 'repository', 'archive'));