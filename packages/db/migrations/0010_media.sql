CREATE TABLE "media" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_hash_check" CHECK ("media"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "extracted_icon" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "icon_media" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "image_media" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "site_name" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "icon_url" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "icon_media" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "image_media" text;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_icon_media_media_hash_fk" FOREIGN KEY ("icon_media") REFERENCES "public"."media"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_image_media_media_hash_fk" FOREIGN KEY ("image_media") REFERENCES "public"."media"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_icon_media_media_hash_fk" FOREIGN KEY ("icon_media") REFERENCES "public"."media"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_image_media_media_hash_fk" FOREIGN KEY ("image_media") REFERENCES "public"."media"("hash") ON DELETE no action ON UPDATE no action;