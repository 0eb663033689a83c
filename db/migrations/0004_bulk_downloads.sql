CREATE TABLE "bulk_downloads" (
	"id" text PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"keys" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bulk_downloads_expires_at_idx" ON "bulk_downloads" USING btree ("expires_at");