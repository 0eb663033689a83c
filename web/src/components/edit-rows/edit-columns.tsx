import { FIELD_MAX_LENGTHS } from '@domain/top-content';
import { Button, type Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import type { EditRow, RowField, RowValues } from '../../hooks/use-edit-rows';
import { EditTextInput } from './edit-cells';

// The columns of an editor's rows (EditRowsTable) and its add-new button.

export interface EditCellContext<V extends RowValues<V>> {
  /** True in the desktop table, where the column header is the visible label. */
  hideLabel: boolean;
  change: (field: RowField<V>, value: string) => void;
}

export interface EditColumn<V extends RowValues<V>> {
  key: string;
  /** Column header and the label of the column's inputs (on a phone, shown above each). */
  label: string;
  /** What the desktop header shows instead of the label, e.g. a sort button. */
  header?: ReactNode;
  headerProps?: ComponentProps<typeof Table.Th>;
  width?: number | string;
  render: (row: EditRow<V>, context: EditCellContext<V>) => ReactNode;
}

/** A column of text inputs editing one field. */
export function textColumn<V extends RowValues<V>>(
  field: RowField<V>,
  label: string,
  options: {
    width?: number | string;
    placeholder?: string;
    type?: 'text' | 'url' | 'email';
    readOnly?: (row: EditRow<V>) => boolean;
    header?: ReactNode;
    headerProps?: ComponentProps<typeof Table.Th>;
  } = {},
): EditColumn<V> {
  return {
    key: field,
    label,
    width: options.width,
    header: options.header,
    headerProps: options.headerProps,
    render: (row, { hideLabel, change }) => (
      <EditTextInput
        label={label}
        hideLabel={hideLabel}
        type={options.type}
        placeholder={options.placeholder}
        value={row.values[field]}
        onChange={(value) => change(field, value)}
        problem={row.problems[field]}
        changed={row.changed[field]}
        readOnly={options.readOnly?.(row)}
        maxLength={FIELD_MAX_LENGTHS[field]}
      />
    ),
  };
}

export function AddRowButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button
      variant="light"
      leftSection={<IconPlus size={18} aria-hidden="true" />}
      disabled={disabled}
      onClick={onClick}
    >
      新規追加
    </Button>
  );
}
