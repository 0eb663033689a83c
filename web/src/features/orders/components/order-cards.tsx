import { LEDGER_STATUS } from '@domain/constants';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { PhrasedText } from '../../../components/text/phrased-text';
import type { OrderLine } from '../api/search-ledger-items';
import { formatDate, formatQuantity } from '../utils/format';
import { OpenInquiryMark } from './open-inquiry-mark';
import classes from './orders.module.css';
import { StatusBadge } from './status-badge';

/**
 * docs/product.md §2 Orders phone: one card per line with status, dates, property, item number,
 * quantity and model, so that two lines of one property and model with different quantities
 * tell apart without opening them. A backlog line has no shipped date: its card names none.
 */
export function OrderCards({
  lines,
  highlightBacklog,
  onOpen,
  busy,
}: {
  lines: OrderLine[];
  highlightBacklog: boolean;
  onOpen: (line: OrderLine) => void;
  busy: boolean;
}) {
  return (
    <ul
      className={classes.cards}
      aria-label="注文明細"
      aria-busy={busy}
      data-busy={busy || undefined}
    >
      {lines.map((line) => (
        <li key={line.key}>
          <UnstyledButton
            className={classes.card}
            data-backlog={(highlightBacklog && line.status === LEDGER_STATUS.backlog) || undefined}
            onClick={() => onOpen(line)}
          >
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <StatusBadge status={line.status} />
                {line.open_inquiry && <OpenInquiryMark />}
                {line.shipped_date && (
                  <Text size="sm" c="dimmed">
                    出荷日 {formatDate(line.shipped_date)}
                  </Text>
                )}
                {line.expected_delivery_date && (
                  <Text size="sm" c="dimmed">
                    納品予定日 {formatDate(line.expected_delivery_date)}
                  </Text>
                )}
              </Group>
              <Text fw={700} size="sm" lineClamp={2}>
                <PhrasedText text={line.property_name} />
              </Text>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" className={classes.itemNo} lineClamp={1}>
                  {line.item_name}
                </Text>
                <Text size="sm" fw={700} className={classes.nowrap}>
                  {formatQuantity(line.quantity)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" lineClamp={1}>
                <PhrasedText text={line.model_name} />
              </Text>
            </Stack>
            <IconChevronRight size={18} aria-hidden="true" className={classes.cardChevron} />
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}
