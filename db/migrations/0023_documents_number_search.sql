-- A part of a document number (the documents screen's 書類番号, ILIKE '%…%') by trigrams, as the
-- ledger's keywords; an order line's invoices by its delivery number (delivery_nos @> array[…]).
CREATE INDEX IF NOT EXISTS "documents_doc_no_trgm_idx" ON "documents" USING gin ("doc_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_delivery_nos_idx" ON "invoices" USING gin ("delivery_nos");
