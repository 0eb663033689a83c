import { DOCUMENT_FILE_FIELD, type DocumentType } from '@domain/api/order-documents';
import {
  LEDGER_DATE_FIELD_LABELS,
  LEDGER_STATUS_FILTERS,
  type LedgerSort,
  type LedgerSortField,
  type LedgerStatusFilter,
  normalizeItemNo,
} from '@domain/ledger-search';
import type { OrderFilters, OrderLine } from '../api/search-ledger-items';

/** The status radio (docs/product.md §2 Filter panel: all / shipped / backlog). */
export const STATUS_OPTIONS: { value: LedgerStatusFilter; label: string }[] =
  LEDGER_STATUS_FILTERS.map((value) => ({
    value,
    label: value === 'all' ? 'すべて' : value === 'shipped' ? '出荷済' : '受注残',
  }));

/** docs/product.md §5 item-number fields: upper case as they are typed. */
export const upperCaseItemNo = (value: string) => value.toUpperCase();

/**
 * The item-number range in order: a range typed the wrong way round (SR → BT) would find nothing,
 * so its bounds are swapped, as the person meant (the date pickers cannot be reversed at all).
 */
export function withOrderedItemRange(filters: OrderFilters): OrderFilters {
  const start = normalizeItemNo(filters.itemNoStart);
  const end = normalizeItemNo(filters.itemNoEnd);
  if (!start || !end || start <= end) return filters;
  return { ...filters, itemNoStart: filters.itemNoEnd, itemNoEnd: filters.itemNoStart };
}

/** Distinct file names of one document type among the lines, in their order. */
export function documentFileNames(lines: Iterable<OrderLine>, type: DocumentType): string[] {
  const names = new Set<string>();
  for (const line of lines) {
    const name = line[DOCUMENT_FILE_FIELD[type]];
    if (name !== '') names.add(name);
  }
  return [...names];
}

/**
 * The zip's name before the server adds the date (docs/product.md §7 "product prefix plus document label"):
 * the model series of the item numbers (SR-200 of SR-200-BK), "ほか" when several series mix.
 */
export function bulkDownloadName(lines: OrderLine[], label: string): string {
  const series = [
    ...new Set(
      lines.map((line) => {
        const item = line.item_name.trim();
        const cut = item.lastIndexOf('-');
        return cut > 0 ? item.slice(0, cut) : item;
      }),
    ),
  ].filter((s) => s !== '');
  if (series.length === 0) return label;
  return `${series[0]}${series.length > 1 ? 'ほか' : ''}_${label}`;
}

/** Short descriptions of the conditions in force, for the line above the results. */
export function filterSummary(filters: OrderFilters): string[] {
  const parts: string[] = [STATUS_OPTIONS.find((o) => o.value === filters.status)?.label ?? ''];
  const date = (iso: string | null) => (iso ? iso.replaceAll('-', '/') : '');
  if (filters.fromDate || filters.toDate) {
    parts.push(
      `${LEDGER_DATE_FIELD_LABELS[filters.dateField]} ${date(filters.fromDate)}〜${date(filters.toDate)}`,
    );
  }
  if (filters.openInquiry) parts.push('問い合わせ中');
  if (filters.orderNo.trim()) parts.push(`番号 ${filters.orderNo.trim()}`);
  if (filters.propertyName.trim()) parts.push(`物件名「${filters.propertyName.trim()}」`);
  const start = normalizeItemNo(filters.itemNoStart);
  const end = normalizeItemNo(filters.itemNoEnd);
  if (start || end) parts.push(start === end ? `品番 ${start}*` : `品番 ${start}〜${end}`);
  if (filters.productName.trim()) parts.push(`型式「${filters.productName.trim()}」`);
  if (filters.keywords.length > 0) {
    parts.push(
      `キーワード ${filters.keywords.join(filters.keywordMatch === 'and' ? ' かつ ' : ' または ')}`,
    );
  }
  return parts.filter((p) => p !== '');
}

/** The name of each sortable column, as the desktop table's header and the phone's select say it. */
export const SORT_FIELD_LABELS: Record<LedgerSortField, string> = {
  status: 'ステータス',
  shipped_date: '出荷日',
  property_name: '物件名',
  destination_name1: '納品先',
  item_name: '品番',
  model_name: '型式',
  quantity: '数量',
  sale_order_date: '受注日',
  sale_order_no: '受注番号',
  expected_delivery_date: '納品予定日',
};

/** "出荷日（昇順）": a sort as the phone's select names it. */
export const sortLabel = ({ field, direction }: LedgerSort) =>
  `${SORT_FIELD_LABELS[field]}（${direction === 'asc' ? '昇順' : '降順'}）`;

/** The phone's sort select (docs/product.md §2 Orders phone): four fields, each ascending and descending. */
export const PHONE_SORT_OPTIONS: { value: string; label: string; sort: LedgerSort }[] = (
  ['shipped_date', 'property_name', 'item_name', 'model_name'] as const
).flatMap((field) =>
  (['asc', 'desc'] as const).map((direction) => ({
    value: `${field}:${direction}`,
    label: sortLabel({ field, direction }),
    sort: { field, direction },
  })),
);

/**
 * Column header click: a new column sorts ascending, a second click descending, a third goes back
 * to the default order (newest order date first, which no column shows), as the phone's select can.
 */
export function toggleSort(current: LedgerSort | null, field: LedgerSortField): LedgerSort | null {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}

/** docs/product.md §5: the page input takes whole numbers from 1 to the page count; anything else is null. */
export function parsePageInput(text: string, pageCount: number): number | null {
  const trimmed = text.normalize('NFKC').trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const page = Number(trimmed);
  return page >= 1 && page <= pageCount ? page : null;
}
