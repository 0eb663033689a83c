-- The item-number index carries the columns the item filters are counted with (order date, status,
-- the item number itself): counting a big customer's lines of one item prefix becomes an index-only
-- scan instead of a heap read per line (110 ms → 8 ms at 10 M lines; docs/decisions/005).
DROP INDEX "ledger_items_customer_item_name_idx";--> statement-breakpoint
CREATE INDEX "ledger_items_customer_item_name_idx" ON "ledger_items" USING btree ("customer_code",("item_name" collate "C")) INCLUDE ("item_name", "sale_order_date", "status");
