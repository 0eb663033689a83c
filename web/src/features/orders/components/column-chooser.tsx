import type { LedgerSortField } from '@domain/ledger-search';
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useId } from 'react';
import { SORT_FIELD_LABELS } from '../utils/order-filters';
import { FIXED_TABLE_FIELDS, TABLE_FIELDS } from '../utils/table-columns';

export const COLUMN_CHOOSER_LABEL = '表示する列';
export const RESET_COLUMNS_LABEL = '既定に戻す';

/**
 * 「表示する列」: a checkbox per field of the desktop table, in the table's order, the fixed ones
 * (品番, ステータス) ticked and greyed out so the list still says the whole table. A dialog of
 * checkboxes rather than a menu: each box keeps its label, Tab and Space reach and tick it, Escape
 * closes it and gives the focus back to the button.
 */
export function ColumnChooser({
  hidden,
  onShow,
  onReset,
}: {
  hidden: readonly LedgerSortField[];
  onShow: (field: LedgerSortField, shown: boolean) => void;
  onReset: () => void;
}) {
  const titleId = useId();
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconColumns3 size={16} aria-hidden="true" />}
        >
          {COLUMN_CHOOSER_LABEL}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Stack gap={8} role="group" aria-labelledby={titleId}>
          <Text id={titleId} fw={700} size="sm">
            {COLUMN_CHOOSER_LABEL}
          </Text>
          {TABLE_FIELDS.map((field) => {
            const fixed = FIXED_TABLE_FIELDS.includes(field);
            return (
              <Checkbox
                key={field}
                size="sm"
                label={fixed ? `${SORT_FIELD_LABELS[field]}（常に表示）` : SORT_FIELD_LABELS[field]}
                checked={fixed || !hidden.includes(field)}
                disabled={fixed}
                onChange={(event) => onShow(field, event.currentTarget.checked)}
              />
            );
          })}
          <Button
            variant="subtle"
            size="xs"
            mt={4}
            disabled={hidden.length === 0}
            onClick={onReset}
          >
            {RESET_COLUMNS_LABEL}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
