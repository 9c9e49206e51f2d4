ALTER TABLE "projects" ADD COLUMN "repository_owner" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "repository_name" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "repository_branch" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "repository_path" text;