CREATE TABLE "tool_fact_refreshes" (
	"tool_id" uuid PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_facts" (
	"tool_id" uuid NOT NULL,
	"source" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"checked_at" timestamp with time zone NOT NULL,
	"etags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb,
	CONSTRAINT "tool_facts_tool_id_source_subject_pk" PRIMARY KEY("tool_id","source","subject"),
	CONSTRAINT "tool_facts_source_check" CHECK ("tool_facts"."source" in ('github', 'npm', 'pypi', 'crates', 'deps.dev')),
	CONSTRAINT "tool_facts_status_check" CHECK ("tool_facts"."status" in ('ok', 'not_found', 'rate_limited', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "tool_fact_refreshes" ADD CONSTRAINT "tool_fact_refreshes_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_facts" ADD CONSTRAINT "tool_facts_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_fact_refreshes_refreshed_at_idx" ON "tool_fact_refreshes" USING btree ("refreshed_at");