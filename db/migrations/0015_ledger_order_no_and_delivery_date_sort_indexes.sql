-- Sorting a page by 受注番号 or 納品予定日 (the desktop table's columns), as every other sort
-- column: a customer's lines in that column's order (docs/decisions/005). 受注番号 by code unit
-- (COLLATE "C", as the browser sorts); empty expected delivery dates last in both directions, so
-- the descending order has its own index (the ascending one is migration 0014's).
CREATE INDEX IF NOT EXISTS "ledger_items_customer_sale_order_no_idx" ON "ledger_items" USING btree ("customer_code",("sale_order_no" collate "C"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_items_customer_expected_delivery_date_desc_idx" ON "ledger_items" USING btree ("customer_code","expected_delivery_date" DESC NULLS LAST);
