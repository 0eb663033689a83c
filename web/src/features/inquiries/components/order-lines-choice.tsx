import { INQUIRY_MAX_LINES } from '@domain/inquiry';
import { Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useOrderLines } from '../api/get-order-lines';
import { type LineKey, lineKeyText } from '../utils/line-keys';

/** How a line reads in the choice: its number and what tells it from the order's other lines. */
const lineLabel = (l: LineKey & { item_name: string; model_name: string; quantity: number }) =>
  [
    `明細 ${l.sale_order_line_no}${l.delivery_no ? `（納品番号 ${l.delivery_no}-${l.delivery_line_no}）` : ''}`,
    `品番 ${l.item_name || '—'}`,
    `型式 ${l.model_name || '—'}`,
    `数量 ${l.quantity.toLocaleString('ja-JP')}`,
  ].join('・');

/**
 * The lines of the order a request names: every line of the order the person came from, the ones
 * they came with checked. Until the order's lines are read (or when they cannot be), the lines of
 * the link are the choice, so the form can still be sent.
 */
export function OrderLinesChoice({
  from,
  value,
  onChange,
  error,
}: {
  from: LineKey[];
  value: LineKey[];
  onChange: (lines: LineKey[]) => void;
  error: string | null;
}) {
  const order = useOrderLines(from[0]);
  const lines = order.data?.lines ?? [];
  if (order.isPending) return <Loader size="sm" aria-label="注文の明細を読み込み中" />;
  if (lines.length <= 1) {
    return (
      <Text size="sm">対象の明細：明細 {value.map((l) => l.sale_order_line_no).join('・')}</Text>
    );
  }
  const byKey = new Map(
    lines.map((l): [string, LineKey] => [
      lineKeyText(l),
      {
        sale_order_no: l.sale_order_no,
        sale_order_line_no: l.sale_order_line_no,
        delivery_no: l.delivery_no,
        delivery_line_no: l.delivery_line_no,
      },
    ]),
  );
  return (
    <Checkbox.Group
      label="対象の明細"
      description={`同じ注文のほかの明細もあわせて問い合わせできます（${INQUIRY_MAX_LINES}件まで）。`}
      value={value.map(lineKeyText)}
      onChange={(keys) => onChange(keys.flatMap((k) => byKey.get(k) ?? []))}
      error={error}
    >
      <Stack gap={6} mt={6}>
        {lines.map((l) => (
          <Checkbox key={lineKeyText(l)} value={lineKeyText(l)} label={lineLabel(l)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
