-- Trigram search for the ledger keyword filter (docs/product.md §5 keywords); PGlite loads it from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
