// docs/product.md §2 Detail panel rows: dates in ja-JP, money in yen and quantities in 個,
// both with thousands separators.

const numberFormat = new Intl.NumberFormat('ja-JP');

/** "2026-11-22" → "2026/11/22"; null or '' → ''. A calendar date, so no time zone is involved. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : iso;
}

export const formatNumber = (value: number) => numberFormat.format(value);
export const formatYen = (value: number) => `${numberFormat.format(value)}円`;
export const formatQuantity = (value: number) => `${numberFormat.format(value)}個`;
