DROP INDEX IF EXISTS "documents_customer_amount_idx";--> statement-breakpoint
CREATE INDEX "documents_customer_amount_date_idx" ON "documents" USING btree ("customer_code","amount","id","doc_date");
