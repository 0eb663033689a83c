import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import type { EditRow, RowField, RowValues } from '../../hooks/use-edit-rows';
import { useIsDesktop } from '../../hooks/use-is-desktop';
import type { EditCellContext, EditColumn } from './edit-columns';
import classes from './edit-rows.module.css';

function RowActions<V extends RowValues<V>>({
  row,
  onRegister,
  onDelete,
  deletable,
  fullWidth = false,
}: {
  row: EditRow<V>;
  onRegister: (row: EditRow<V>) => void;
  onDelete: (row: EditRow<V>) => void;
  deletable: boolean;
  fullWidth?: boolean;
}) {
  return (
    <Group gap="xs" wrap="nowrap" grow={fullWidth}>
      <Button
        size="sm"
        px="sm"
        leftSection={fullWidth ? <IconDeviceFloppy size={16} aria-hidden="true" /> : undefined}
        disabled={!row.canRegister}
        loading={row.saving}
        onClick={() => onRegister(row)}
      >
        登録
      </Button>
      <Button
        size="sm"
        px="sm"
        variant="outline"
        color="red"
        leftSection={fullWidth ? <IconTrash size={16} aria-hidden="true" /> : undefined}
        disabled={row.saving || !deletable}
        onClick={() => onDelete(row)}
      >
        削除
      </Button>
    </Group>
  );
}

function RowBadges<V extends RowValues<V>>({ row }: { row: EditRow<V> }) {
  if (!row.isNew && !row.isChanged) return null;
  return (
    <Group gap={4}>
      {row.isNew && (
        <Badge size="sm" variant="light">
          未登録
        </Badge>
      )}
      {row.isChanged && !row.isNew && (
        <Badge size="sm" color="orange" variant="light">
          変更あり
        </Badge>
      )}
    </Group>
  );
}

export interface EditRowsTableProps<V extends RowValues<V>> {
  /** Accessible name of the table (desktop) or list of cards (phone). */
  label: string;
  rows: EditRow<V>[];
  columns: EditColumn<V>[];
  /** Accessible name of one row: what it is, e.g. its saved title. */
  rowLabel: (row: EditRow<V>) => string;
  onChange: (key: string, field: RowField<V>, value: string) => void;
  onRegister: (row: EditRow<V>) => void;
  onDelete: (row: EditRow<V>) => void;
  /** Rows that may not be deleted (e.g. the signed-in user's own) get a disabled button. */
  canDelete?: (row: EditRow<V>) => boolean;
  emptyMessage: string;
  /** Minimum table width before the table scrolls sideways. */
  minWidth?: number;
}

/**
 * The rows of an editor (docs/product.md §4): a table on a desktop, stacked cards on a phone. Each row has
 * its inputs and the 登録 and 削除 buttons.
 */
export function EditRowsTable<V extends RowValues<V>>({
  label,
  rows,
  columns,
  rowLabel,
  onChange,
  onRegister,
  onDelete,
  canDelete = () => true,
  emptyMessage,
  minWidth = 720,
}: EditRowsTableProps<V>) {
  const isDesktop = useIsDesktop();
  const contextOf = (row: EditRow<V>, hideLabel: boolean): EditCellContext<V> => ({
    hideLabel,
    change: (field, value) => onChange(row.key, field, value),
  });

  if (!isDesktop) {
    if (rows.length === 0) return <EmptyRows message={emptyMessage} />;
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {rows.map((row) => (
          <Paper
            key={row.key}
            withBorder
            p="sm"
            role="listitem"
            className={classes.card}
            data-new={row.isNew || undefined}
            data-changed={row.isChanged || undefined}
          >
            <Stack gap="sm" role="group" aria-label={rowLabel(row)}>
              <RowBadges row={row} />
              {columns.map((column) => (
                <div key={column.key}>{column.render(row, contextOf(row, false))}</div>
              ))}
              <RowActions
                row={row}
                onRegister={onRegister}
                onDelete={onDelete}
                deletable={canDelete(row)}
                fullWidth
              />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-label={label} className={classes.table} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} w={column.width} {...column.headerProps}>
                {column.header ?? column.label}
              </Table.Th>
            ))}
            <Table.Th className={classes.actionsHeader}>操作</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>
                <EmptyRows message={emptyMessage} />
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr
              key={row.key}
              aria-label={rowLabel(row)}
              className={classes.row}
              data-new={row.isNew || undefined}
              data-changed={row.isChanged || undefined}
            >
              {columns.map((column) => (
                <Table.Td key={column.key}>{column.render(row, contextOf(row, true))}</Table.Td>
              ))}
              <Table.Td className={classes.actionsCell}>
                <Stack gap={6}>
                  <RowActions
                    row={row}
                    onRegister={onRegister}
                    onDelete={onDelete}
                    deletable={canDelete(row)}
                  />
                  <RowBadges row={row} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EmptyRows({ message }: { message: string }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="md">
      {message}
    </Text>
  );
}
