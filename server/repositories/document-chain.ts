import { createHash } from 'node:crypto';

// The archive register's hash chain (docs/decisions/030). Each version row's record_hash is the
// SHA-256 of the previous row's record_hash and the row's own fields, written out in one fixed
// order; the first row follows CHAIN_START. A row changed after it was written no longer matches
// its record_hash; a row deleted or inserted in between breaks the next row's prev_hash.

export const CHAIN_START = '0'.repeat(64);

/** The fields a version row is chained by: what the document was, and what its object is. */
export interface ChainedVersion {
  document_id: number;
  version: number;
  doc_type: string;
  doc_no: string;
  customer_code: number;
  doc_date: string;
  amount: number;
  file_name: string;
  size: number;
  sha256: string;
  archived_at: Date;
  source: string;
}

/** record_hash of a version row following prevHash. */
export function versionRecordHash(prevHash: string, row: ChainedVersion): string {
  const fields = [
    row.document_id,
    row.version,
    row.doc_type,
    row.doc_no,
    row.customer_code,
    row.doc_date,
    row.amount,
    row.file_name,
    row.size,
    row.sha256,
    row.archived_at.toISOString(),
    row.source,
  ];
  return createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(JSON.stringify(fields))
    .digest('hex');
}
