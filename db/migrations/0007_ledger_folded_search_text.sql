-- Searches fold width on both sides (docs/decisions/005): search_text is rebuilt folded by NFKC, and
-- the property and model names get a folded copy where folding changes them. One ALTER TABLE, so
-- the table is rewritten once; dropping search_text drops its trigram index, built again after.
ALTER TABLE "ledger_items" DROP COLUMN "search_text",
  ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(normalize("ledger_items"."property_name" || ' ' || "ledger_items"."model_name" || ' ' || "ledger_items"."destination_name1" || ' ' || "ledger_items"."destination_name2" || ' ' || "ledger_items"."item_name", NFKC))) STORED,
  ADD COLUMN "property_name_folded" text GENERATED ALWAYS AS (nullif(lower(normalize("ledger_items"."property_name", NFKC)), lower("ledger_items"."property_name"))) STORED,
  ADD COLUMN "model_name_folded" text GENERATED ALWAYS AS (nullif(lower(normalize("ledger_items"."model_name", NFKC)), lower("ledger_items"."model_name"))) STORED;--> statement-breakpoint
CREATE INDEX "ledger_items_search_text_trgm_idx" ON "ledger_items" USING gin ("search_text" gin_trgm_ops);
