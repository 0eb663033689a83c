import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/edit-rows/delete-confirm-dialog';
import { AddRowButton, type EditColumn } from '../../../components/edit-rows/edit-columns';
import { EditRowsTable } from '../../../components/edit-rows/edit-rows-table';
import { AccessErrorDialog } from '../../../components/feedback/access-error-dialog';
import {
  type CellProblems,
  type EditRow,
  type RowField,
  type RowValues,
  useEditRows,
} from '../../../hooks/use-edit-rows';
import { isHttpError } from '../../../lib/http';
import { refusedFields } from '../../../lib/refused-fields';
import { showSuccessToast } from '../../../lib/toasts';

export interface ContentEditorSectionProps<Item extends { id: number }, V extends RowValues<V>> {
  heading: string;
  description?: string;
  list: UseQueryResult<Item[]>;
  emptyValues: V;
  toValues: (item: Item) => V;
  validate: (values: V) => CellProblems<V>;
  columns: EditColumn<V>[];
  /** What the toasts and the delete dialog call the row: its title or explanation. */
  nameOf: (values: V) => string;
  /** The accessible name of the new row. */
  newRowLabel: string;
  emptyMessage: string;
  maxRows?: number;
  /** Creates (id null) or updates the row; resolves once the list is reloaded. */
  save: (id: number | null, values: V) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

/**
 * One table of the top-page editor (docs/product.md §2 Edit top page, §4 Edit rows): add, edit, register and
 * delete rows, success toasts naming the item, the error dialog for every failure.
 */
export function ContentEditorSection<Item extends { id: number }, V extends RowValues<V>>({
  heading,
  description,
  list,
  emptyValues,
  toValues,
  validate,
  columns,
  nameOf,
  newRowLabel,
  emptyMessage,
  maxRows,
  save,
  remove,
}: ContentEditorSectionProps<Item, V>) {
  const headingId = useId();
  const [errorOpen, setErrorOpen] = useState(false);
  const editor = useEditRows<Item, V>({
    items: list.data,
    getId: (item) => item.id,
    toValues,
    emptyValues,
    validate,
    maxRows,
  });

  // docs/product.md §8: a list that cannot be loaded opens the error dialog.
  useEffect(() => {
    if (list.isError) setErrorOpen(true);
  }, [list.isError]);

  const fail = (error: unknown, row?: EditRow<V>) => {
    if (row) {
      for (const field of refusedFields(error)) {
        if (field in row.values) editor.markProblem(row.key, field as RowField<V>);
      }
    }
    // A row someone else deleted meanwhile: show the list as it is now.
    if (isHttpError(error, 404)) void list.refetch();
    setErrorOpen(true);
  };

  const register = (row: EditRow<V>) => {
    editor
      .register(row.key, async ({ id, values }) => {
        await save(id, values);
        showSuccessToast(
          `「${nameOf(values).trim()}」を${id === null ? '登録' : '更新'}しました。`,
        );
      })
      .catch((error: unknown) => fail(error, row));
  };

  const confirmDelete = () => {
    editor
      .confirmDelete(async ({ id, original }) => {
        await remove(id!);
        showSuccessToast(`「${nameOf(original)}」を削除しました。`);
      })
      .catch((error: unknown) => fail(error));
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h3" id={headingId}>
              {heading}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          <AddRowButton disabled={!editor.canAdd || !list.isSuccess} onClick={editor.addRow} />
        </Group>
        {list.isPending ? (
          <Group justify="center" py="lg">
            <Loader size="sm" aria-label="読み込み中" />
          </Group>
        ) : (
          <EditRowsTable
            label={heading}
            rows={editor.rows}
            columns={columns}
            rowLabel={(row) => (row.isNew ? newRowLabel : nameOf(row.original))}
            onChange={editor.changeValue}
            onRegister={register}
            onDelete={(row) => editor.requestDelete(row.key)}
            emptyMessage={list.isError ? '読み込めませんでした。' : emptyMessage}
          />
        )}
      </Stack>
      <DeleteConfirmDialog
        opened={editor.pendingDelete !== null}
        itemName={editor.pendingDelete ? nameOf(editor.pendingDelete.original) : ''}
        deleting={editor.deleting}
        onCancel={editor.cancelDelete}
        onConfirm={confirmDelete}
      />
      <AccessErrorDialog opened={errorOpen} onClose={() => setErrorOpen(false)} />
    </Paper>
  );
}
