// Documents as records (docs/decisions/030): the three kinds of PDF the portal hands out, how long
// their archived versions are kept, and how a version is named where a person sees it.

/** The document types, as the database and the API name them, with their Japanese names. */
export const DOCUMENT_TYPES = {
  invoice: '請求書',
  shipping_notice: '出荷案内',
  delivery_slip: '納品書',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_TYPE_KEYS = Object.keys(DOCUMENT_TYPES) as DocumentType[];

/** DOCUMENT_RETENTION_YEARS: 10 by default (欠損金の繰越控除を受ける法人の保存期間), 7 at least. */
export const DOCUMENT_RETENTION_DEFAULT_YEARS = 10;
export const DOCUMENT_RETENTION_MIN_YEARS = 7;

/**
 * Months from a document's date to the latest filing deadline of any fiscal year it can fall in:
 * the fiscal year ends at most 12 months after the date, the return is due 2 months later and
 * may be extended by up to 4 more. The 保存期間 runs from that deadline, so an archived version
 * is kept `years` after it, whatever the customer's fiscal year is.
 */
const MONTHS_TO_LATEST_FILING_DEADLINE = 18;

/**
 * The first day (YYYY-MM-DD, Japan) on which an archived version may be removed: the first of the
 * month after `years` years and MONTHS_TO_LATEST_FILING_DEADLINE months from the later of the
 * document's date and the day it was archived (a re-issue archived later is kept from then).
 */
export function documentRetentionEnd(docDate: string, archivedOn: string, years: number): string {
  const later = docDate > archivedOn ? docDate : archivedOn;
  const [y, m] = later.split('-').map(Number) as [number, number];
  // Month index counted from year 0; +1 for the first of the following month.
  const months = y * 12 + (m - 1) + years * 12 + MONTHS_TO_LATEST_FILING_DEADLINE + 1;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** The mark a re-issued version carries where its versions are listed. */
export const REISSUE_MARK = '再発行';

/**
 * A 納品番号 as typed into the documents' filter, as the core system writes it: full-width letters
 * and digits as half-width (NFKC), letters as capitals (DN2611-000151).
 */
export function deliveryNoOfInput(raw: string): string {
  return raw.normalize('NFKC').trim().toUpperCase();
}
