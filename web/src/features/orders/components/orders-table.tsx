import { LEDGER_STATUS } from '@domain/constants';
import type { LedgerSort, LedgerSortField } from '@domain/ledger-search';
import { Checkbox, Group, Table } from '@mantine/core';
import { type KeyboardEvent, memo } from 'react';
import { ariaSort, SortHeader } from '../../../components/table/sort-header';
import { PhrasedText } from '../../../components/text/phrased-text';
import type { OrderLine } from '../api/search-ledger-items';
import type { OrderSelection } from '../hooks/use-order-selection';
import { formatDate, formatQuantity } from '../utils/format';
import { SORT_FIELD_LABELS } from '../utils/order-filters';
import { OpenInquiryMark } from './open-inquiry-mark';
import classes from './orders.module.css';
import tableClasses from './orders-table.module.css';
import { StatusBadge } from './status-badge';

// Fixed layout that fits the 944 px a 1280 px wide window gives the table. Pairs that belong
// together share a column, one above the other, each with its own sort button: the order's number
// and date, the shipment's and the expected delivery's date, the item number and the model. The
// property and destination take a share each, the item and model the rest; every text cell holds
// two lines at most.
const COLUMNS: {
  fields: readonly [LedgerSortField] | readonly [LedgerSortField, LedgerSortField];
  numeric?: boolean;
  width?: number | string;
}[] = [
  { fields: ['status'], width: 96 },
  { fields: ['sale_order_no', 'sale_order_date'], width: 132 },
  { fields: ['shipped_date', 'expected_delivery_date'], width: 116 },
  { fields: ['property_name'], width: '21%' },
  { fields: ['destination_name1'], width: '16%' },
  { fields: ['item_name', 'model_name'] },
  { fields: ['quantity'], numeric: true, width: 80 },
];

/** aria-sort of a header: the sorted field's direction when the column holds it. */
const columnAriaSort = (sort: LedgerSort | null, fields: readonly LedgerSortField[]) =>
  fields.map((field) => ariaSort(sort, field)).find((value) => value !== undefined);

export const lineLabel = (line: OrderLine) =>
  `${line.sale_order_no}-${line.sale_order_line_no} ${line.item_name}`;

/** docs/product.md §2 Orders desktop: the result table with checkboxes and sortable columns. */
export function OrdersTable({
  lines,
  sort,
  onSort,
  selection,
  highlightBacklog,
  activeKey,
  onOpen,
  busy,
}: {
  lines: OrderLine[];
  sort: LedgerSort | null;
  onSort: (field: LedgerSortField) => void;
  selection: OrderSelection;
  highlightBacklog: boolean;
  activeKey: string | null;
  onOpen: (line: OrderLine) => void;
  busy: boolean;
}) {
  const selectedOnPage = lines.filter((line) => selection.isSelected(line.key)).length;
  const allOnPage = lines.length > 0 && selectedOnPage === lines.length;

  return (
    <div className={classes.tableArea}>
      <div className={`${tableClasses.scroll} ${classes.tableScroll}`}>
        <div className={tableClasses.scrollInner}>
          <Table
            highlightOnHover
            stickyHeader
            layout="fixed"
            verticalSpacing={8}
            className={classes.table}
            aria-label="注文明細"
            aria-busy={busy}
            data-busy={busy || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={allOnPage ? 'すべて解除' : 'すべて選択'}
                    checked={allOnPage}
                    indeterminate={selectedOnPage > 0 && !allOnPage}
                    disabled={lines.length === 0}
                    onChange={() => selection.setMany(lines, !allOnPage)}
                  />
                </Table.Th>
                {COLUMNS.map((column) => (
                  <Table.Th
                    key={column.fields.join(' ')}
                    w={column.width}
                    aria-sort={columnAriaSort(sort, column.fields)}
                    ta={column.numeric ? 'right' : undefined}
                  >
                    <div className={classes.headerPair}>
                      {column.fields.map((field) => (
                        <SortHeader
                          key={field}
                          label={SORT_FIELD_LABELS[field]}
                          field={field}
                          sort={sort}
                          onSort={onSort}
                        />
                      ))}
                    </div>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <OrderRow
                  key={line.key}
                  line={line}
                  checked={selection.isSelected(line.key)}
                  backlog={highlightBacklog && line.status === LEDGER_STATUS.backlog}
                  active={line.key === activeKey}
                  onOpen={onOpen}
                  onToggle={selection.toggle}
                />
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </div>
    </div>
  );
}

/** One line; memoised, so that ticking a checkbox re-renders one row, not a hundred. */
const OrderRow = memo(function OrderRow({
  line,
  checked,
  backlog,
  active,
  onOpen,
  onToggle,
}: {
  line: OrderLine;
  checked: boolean;
  backlog: boolean;
  active: boolean;
  onOpen: (line: OrderLine) => void;
  onToggle: (line: OrderLine, checked: boolean) => void;
}) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(line);
    }
  };
  return (
    <Table.Tr
      className={classes.row}
      data-backlog={backlog || undefined}
      data-active={active || undefined}
      data-checked={checked || undefined}
      tabIndex={0}
      onClick={() => onOpen(line)}
      onKeyDown={onKeyDown}
    >
      {/* The checkbox cell selects; the rest of the row opens the detail. */}
      <Table.Td
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        <Checkbox
          aria-label={`${lineLabel(line)} を選択`}
          checked={checked}
          onChange={(event) => onToggle(line, event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <StatusBadge status={line.status} />
          {line.open_inquiry && <OpenInquiryMark />}
        </Group>
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        <div className={classes.itemNo}>{line.sale_order_no}</div>
        <div className={classes.secondLine}>{formatDate(line.sale_order_date)}</div>
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        <div>
          {line.shipped_date ? (
            formatDate(line.shipped_date)
          ) : (
            <span className={classes.none}>—</span>
          )}
        </div>
        <div className={classes.secondLine}>
          {line.expected_delivery_date ? (
            formatDate(line.expected_delivery_date)
          ) : (
            <span className={classes.none}>—</span>
          )}
        </div>
      </Table.Td>
      <Table.Td>
        <div className={classes.clamp} title={line.property_name}>
          <PhrasedText text={line.property_name} />
        </div>
      </Table.Td>
      <Table.Td>
        <div className={classes.clamp} title={line.destination_name1}>
          <PhrasedText text={line.destination_name1} />
        </div>
      </Table.Td>
      <Table.Td>
        <div className={`${classes.clamp} ${classes.itemNo}`} title={line.item_name}>
          {line.item_name}
        </div>
        <div className={`${classes.oneLine} ${classes.secondLine}`} title={line.model_name}>
          {line.model_name}
        </div>
      </Table.Td>
      <Table.Td ta="right" className={classes.nowrap}>
        {formatQuantity(line.quantity)}
      </Table.Td>
    </Table.Tr>
  );
});
