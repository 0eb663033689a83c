import { Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { OrderFilters } from '../api/search-ledger-items';
import { filterSummary } from '../utils/order-filters';
import {
  CARD_HINT,
  COUNT_FAILED_TEXT,
  COUNT_LOADING_TEXT,
  ROW_HINT,
  resultCountText,
} from '../utils/order-messages';
import classes from './orders.module.css';

/** The result count ("all search results N items") and the hint that a row opens its details. */
export function ResultCount({
  ref,
  counted,
  failed,
  total,
  totalCapped,
  busy,
  isDesktop,
}: {
  ref?: Ref<HTMLDivElement>;
  /** false while no answer has come: the count says it is on its way, or that it failed. */
  counted: boolean;
  /** The search failed (no count to show when none came before). */
  failed: boolean;
  total: number;
  totalCapped: boolean;
  busy: boolean;
  isDesktop: boolean;
}) {
  return (
    <div ref={ref} className={classes.resultHeader}>
      <Group gap="sm" align="baseline">
        <Text fw={700} size={isDesktop ? 'lg' : 'md'} aria-live="polite">
          {counted
            ? resultCountText(total, totalCapped)
            : failed
              ? COUNT_FAILED_TEXT
              : COUNT_LOADING_TEXT}
        </Text>
        {busy && <Loader size="xs" aria-label="読み込み中" />}
      </Group>
      <Text size="xs" c="dimmed">
        {isDesktop ? ROW_HINT : CARD_HINT}
      </Text>
    </div>
  );
}

/** Opens the filter panel (docs/product.md §2 Filter panel). */
export function FilterButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="default"
      leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
      onClick={onClick}
      className={classes.filterButton}
    >
      絞り込み
    </Button>
  );
}

/** Short descriptions of the conditions in force. */
export function FilterSummary({ filters }: { filters: OrderFilters }) {
  return (
    <Group gap={6} className={classes.summary} aria-label="検索条件">
      {filterSummary(filters).map((part) => (
        <Badge
          key={part}
          variant="outline"
          color="gray.7"
          radius="sm"
          tt="none"
          fw={500}
          maw="100%"
          title={part}
        >
          {part}
        </Badge>
      ))}
    </Group>
  );
}
