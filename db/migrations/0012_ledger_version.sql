-- The ledger's version (docs/decisions/018): one row whose value changes, in the same transaction,
-- with every statement that writes ledger_items (an import, the seed, a correction by hand), so
-- that cached search answers keyed by it are never served after the change commits. A new random
-- value rather than a counter: a database restored from a backup, or emptied and migrated again,
-- must not reuse a value whose answers a shared cache (Redis) still holds.
CREATE TABLE "ledger_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_version_one_row" CHECK ("ledger_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "ledger_version" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_ledger_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_version" SET "version" = gen_random_uuid(), "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_items_bump_version"
	AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ledger_items"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_ledger_version"();
