ALTER TABLE "comments" ADD COLUMN "for_assistants_by" uuid;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "for_assistants_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "comments_for_assistants_idx" ON "comments" USING btree ("workspace_tool_id","for_assistants_at","id") WHERE "comments"."for_assistants_at" is not null;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_for_assistants_check" CHECK (("comments"."for_assistants_by" is null) = ("comments"."for_assistants_at" is null));