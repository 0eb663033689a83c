CREATE INDEX "ledger_items_customer_property_name_idx" ON "ledger_items" USING btree ("customer_code",("property_name" collate "C"));--> statement-breakpoint
CREATE INDEX "ledger_items_customer_destination_idx" ON "ledger_items" USING btree ("customer_code",("destination_name1" collate "C"));--> statement-breakpoint
CREATE INDEX "ledger_items_customer_model_name_idx" ON "ledger_items" USING btree ("customer_code",("model_name" collate "C"));--> statement-breakpoint
CREATE INDEX "ledger_items_customer_quantity_idx" ON "ledger_items" USING btree ("customer_code","quantity");--> statement-breakpoint
CREATE INDEX "ledger_items_customer_shipped_date_idx" ON "ledger_items" USING btree ("customer_code","shipped_date");--> statement-breakpoint
CREATE INDEX "ledger_items_customer_shipped_date_desc_idx" ON "ledger_items" USING btree ("customer_code","shipped_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_items_customer_status_newest_idx" ON "ledger_items" USING btree ("customer_code","status","sale_order_date" DESC NULLS LAST);