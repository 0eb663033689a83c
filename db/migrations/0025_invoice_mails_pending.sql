CREATE TABLE "invoice_mails_pending" (
	"version_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_mails_pending" ADD CONSTRAINT "invoice_mails_pending_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE no action ON UPDATE no action;
