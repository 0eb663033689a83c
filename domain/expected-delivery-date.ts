// docs/product.md §4 (Orders): expected delivery dates with year 1900 are placeholders of the core system
// and are shown with year 2025.
export function fixExpectedDeliveryDate(date: string | null): string | null {
  if (date === null) return null;
  return date.startsWith('1900-') ? `2025-${date.slice(5)}` : date;
}
