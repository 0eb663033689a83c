-- Finding a line by its 受注番号, 納品番号 or 送り状番号 (exact or by its start): each number folded
-- as the search folds it (domain/ledger-search.ts orderNoFolded: NFKC, lower case, without spaces,
-- hyphens and dashes), in C order so that LIKE 'prefix%' reads a range of the index. The expression
-- is db/schema.ts orderNoFoldedSql, which the search writes the same way. The last index serves a
-- date range applied to 納品予定日 (出荷日 has its own since migration 0006).
CREATE INDEX IF NOT EXISTS "ledger_items_customer_sale_order_no_folded_idx" ON "ledger_items" USING btree ("customer_code",(lower(translate(normalize("sale_order_no", NFKC), ' -‐‑‒–—―−ー', '')) collate "C"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_items_customer_delivery_no_folded_idx" ON "ledger_items" USING btree ("customer_code",(lower(translate(normalize("delivery_no", NFKC), ' -‐‑‒–—―−ー', '')) collate "C"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_items_customer_shipping_label_no_folded_idx" ON "ledger_items" USING btree ("customer_code",(lower(translate(normalize("shipping_label_number", NFKC), ' -‐‑‒–—―−ー', '')) collate "C"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_items_customer_expected_delivery_date_idx" ON "ledger_items" USING btree ("customer_code","expected_delivery_date");
