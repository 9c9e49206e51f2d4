ALTER TABLE "profiles" ADD COLUMN "theme" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_theme_check" CHECK ("profiles"."theme" in ('light', 'dark', 'system'));