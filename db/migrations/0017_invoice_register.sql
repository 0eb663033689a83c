CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_no" text NOT NULL,
	"customer_code" integer NOT NULL,
	"invoice_date" date NOT NULL,
	"closing_date" date,
	"amount_excl_tax_10" bigint NOT NULL,
	"tax_10" bigint NOT NULL,
	"amount_excl_tax_8" bigint NOT NULL,
	"tax_8" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"registration_no" text NOT NULL,
	"file_name" text NOT NULL,
	"delivery_nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_amount" = "invoices"."amount_excl_tax_10" + "invoices"."tax_10" + "invoices"."amount_excl_tax_8" + "invoices"."tax_8")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_code_customers_customer_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("customer_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_no_idx" ON "invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "invoices_customer_date_idx" ON "invoices" USING btree ("customer_code","invoice_date","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_amount_idx" ON "invoices" USING btree ("customer_code","total_amount","id");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE INDEX "invoices_amount_idx" ON "invoices" USING btree ("total_amount","id");