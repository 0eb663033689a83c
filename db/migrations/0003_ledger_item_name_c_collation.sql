DROP INDEX "ledger_items_customer_item_name_idx";--> statement-breakpoint
CREATE INDEX "ledger_items_customer_item_name_idx" ON "ledger_items" USING btree ("customer_code",("item_name" collate "C"));