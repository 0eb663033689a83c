import { type Database, queryRows, type Statement } from '../../db/client';

// The ledger's version (migration 0012, docs/decisions/018): one row, given a new value by a
// trigger in the transaction of every statement that writes ledger_items. Read once per cached
// search, before anything else of the search: one primary-key read.

const VERSION_STATEMENT: Statement = {
  sql: 'select version from ledger_version where id = 1',
  params: [],
};

/** The ledger's current version; a search reads it before the lines it caches under it. */
export async function readLedgerVersion(db: Database): Promise<string> {
  const [row] = await queryRows<[string]>(db, VERSION_STATEMENT, 'array');
  if (!row) throw new Error('ledger_version has no row (migration 0012)');
  return row[0];
}
