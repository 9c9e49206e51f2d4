-- The courier's mails became jobs of the 'mail' queue: the ones still waiting (or claimed by a process that
-- died) move over with their attempts, due time and last error; sent and abandoned ones go with the table.
INSERT INTO "jobs" ("queue", "payload", "attempts", "max_attempts", "run_at", "last_error", "created_at", "updated_at")
SELECT 'mail',
  jsonb_build_object('template', "template", 'recipient', "recipient", 'subject', "subject", 'text', "body_text", 'html', "body_html"),
  "attempts", greatest(8, "attempts" + 1), "next_attempt_at", "last_error", "created_at", "updated_at"
FROM "courier_messages" WHERE "status" IN ('queued', 'sending');--> statement-breakpoint
DROP TABLE "courier_messages" CASCADE;
