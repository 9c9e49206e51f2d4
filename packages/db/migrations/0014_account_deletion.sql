CREATE TABLE "identity_deleted_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "identity_deleted_sessions_ended_idx" ON "identity_deleted_sessions" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "comments_commenter_idx" ON "comments" USING btree ("commenter_id","id");