CREATE TABLE "document_downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"version_id" bigint NOT NULL,
	"user_id" integer,
	"user_mail" text NOT NULL,
	"user_name" text NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"via" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"doc_type" text NOT NULL,
	"doc_no" text NOT NULL,
	"customer_code" integer NOT NULL,
	"doc_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"archived_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"source_modified_at" timestamp with time zone,
	"prev_hash" text NOT NULL,
	"record_hash" text NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doc_type" text NOT NULL,
	"doc_no" text NOT NULL,
	"customer_code" integer NOT NULL,
	"doc_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"registration_no" text,
	"file_name" text NOT NULL,
	"invoice_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_type_check" CHECK ("documents"."doc_type" in ('invoice', 'shipping_notice', 'delivery_slip'))
);
--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_customer_code_customers_customer_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("customer_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_downloads_document_idx" ON "document_downloads" USING btree ("document_id","downloaded_at");--> statement-breakpoint
CREATE INDEX "document_downloads_user_idx" ON "document_downloads" USING btree ("user_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_document_version_idx" ON "document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "document_versions_sha256_idx" ON "document_versions" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_invoice_idx" ON "documents" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_ledger_file_idx" ON "documents" USING btree ("customer_code","doc_type","file_name") WHERE "documents"."doc_type" <> 'invoice';--> statement-breakpoint
CREATE INDEX "documents_customer_date_idx" ON "documents" USING btree ("customer_code","doc_date","id");--> statement-breakpoint
CREATE INDEX "documents_customer_amount_idx" ON "documents" USING btree ("customer_code","amount","id");--> statement-breakpoint
CREATE INDEX "documents_date_idx" ON "documents" USING btree ("doc_date","id");--> statement-breakpoint
CREATE INDEX "documents_amount_idx" ON "documents" USING btree ("amount","id");