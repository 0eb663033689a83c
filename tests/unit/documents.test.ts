import { describe, expect, it } from 'vitest';
import { documentRetentionEnd } from '../../domain/documents';
import { loadConfig } from '../../server/config';
import { CHAIN_START, versionRecordHash } from '../../server/repositories/document-chain';
import { versionFileName, zipEntryName } from '../../server/services/documents-service';

describe('document retention (DOCUMENT_RETENTION_YEARS)', () => {
  it('runs from the latest filing deadline the date can fall under: 18 months on, to the next month’s first', () => {
    expect(documentRetentionEnd('2026-11-27', '2026-11-27', 10)).toBe('2038-06-01');
    expect(documentRetentionEnd('2026-01-01', '2026-01-01', 7)).toBe('2034-08-01');
  });

  it('a version archived after its date (a re-issue) is kept from its archiving', () => {
    expect(documentRetentionEnd('2026-01-15', '2027-03-02', 7)).toBe('2035-10-01');
  });

  it('is 10 years by default and refused below 7', () => {
    expect(loadConfig({}).DOCUMENT_RETENTION_YEARS).toBe(10);
    expect(() => loadConfig({ DOCUMENT_RETENTION_YEARS: '6' })).toThrow(/DOCUMENT_RETENTION_YEARS/);
  });
});

describe('the archive’s hash chain', () => {
  const row = {
    document_id: 1,
    version: 1,
    doc_type: 'invoice',
    doc_no: 'INV-1',
    customer_code: 10001,
    doc_date: '2026-10-31',
    amount: 146632,
    file_name: '請求書_INV-1.pdf',
    size: 1234,
    sha256: 'a'.repeat(64),
    archived_at: new Date('2026-11-27T00:00:00.000Z'),
    source: 'import',
  };

  it('changes with any field and with the row before it', () => {
    const hash = versionRecordHash(CHAIN_START, row);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(versionRecordHash(CHAIN_START, { ...row, amount: 146633 })).not.toBe(hash);
    expect(versionRecordHash(hash, row)).not.toBe(hash);
  });
});

describe('download names', () => {
  it('a zip entry is YYYYMMDD_<取引先>_<金額>円_<番号>.pdf, characters unsafe in file names replaced', () => {
    expect(
      zipEntryName({
        doc_date: '2026-10-31',
        customer_name: '株式会社サンプル/東京',
        amount: -13580,
        doc_no: 'INV:1',
      }),
    ).toBe('20261031_株式会社サンプル_東京_-13580円_INV_1.pdf');
  });

  it('a re-issued version is saved with its version number', () => {
    expect(versionFileName('請求書_INV-1.pdf', 1)).toBe('請求書_INV-1.pdf');
    expect(versionFileName('請求書_INV-1.pdf', 2)).toBe('請求書_INV-1_第2版.pdf');
  });
});
