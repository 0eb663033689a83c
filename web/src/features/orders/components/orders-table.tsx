import { LEDGER_STATUS } from '@domain/constants';
import type { LedgerSort, LedgerSortField } from '@domain/ledger-search';
import { Checkbox, Group, Table } from '@mantine/core';
import { type KeyboardEvent, memo, useMemo } from 'react';
import { ariaSort, SortHeader } from '../../../components/table/sort-header';
import type { OrderLine } from '../api/search-ledger-items';
import { useHiddenColumns } from '../hooks/use-hidden-columns';
import type { OrderSelection } from '../hooks/use-order-selection';
import { SORT_FIELD_LABELS } from '../utils/order-filters';
import { visibleColumns } from '../utils/table-columns';
import { ColumnChooser } from './column-chooser';
import { NOWRAP_FIELDS, OrderField } from './order-table-cells';
import classes from './orders.module.css';
import tableClasses from './orders-table.module.css';

type Columns = ReturnType<typeof visibleColumns>;

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
  const { hidden, setShown, reset } = useHiddenColumns();
  // One array for every row, so that the memoised rows re-render only when the choice changes.
  const columns = useMemo(() => visibleColumns(hidden), [hidden]);

  return (
    <div className={classes.tableArea}>
      <Group justify="flex-end" mb={6}>
        <ColumnChooser hidden={hidden} onShow={setShown} onReset={reset} />
      </Group>
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
                {columns.map((column) => (
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
                  columns={columns}
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
  columns,
  checked,
  backlog,
  active,
  onOpen,
  onToggle,
}: {
  line: OrderLine;
  columns: Columns;
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
      {columns.map((column) => (
        <Table.Td
          key={column.fields.join(' ')}
          ta={column.numeric ? 'right' : undefined}
          className={
            column.fields.every((field) => NOWRAP_FIELDS.includes(field))
              ? classes.nowrap
              : undefined
          }
        >
          {column.fields.map((field, i) => (
            <OrderField key={field} line={line} field={field} second={i > 0} />
          ))}
        </Table.Td>
      ))}
    </Table.Tr>
  );
});
