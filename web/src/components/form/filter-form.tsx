import { Button, Group, SimpleGrid } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import classes from './filter-form.module.css';

/** A field of two columns (a date range), or of the whole row when the grid has one. */
export const wideFilterField = classes.wide;
/** A check box level with the fields' boxes. */
export const filterCheckbox = classes.check;

/**
 * A screen's filter form (documents, audit, inquiries): its fields in a grid (columns by size),
 * then クリア, 検索 and the screen's own buttons — at the right on a desktop, a row of equal
 * buttons on a phone. The form checks its draft itself; the browser's own checks are off.
 */
export function FilterForm({
  label,
  onSubmit,
  onClear,
  isDesktop,
  columns,
  actions,
  children,
}: {
  /** The form's name (操作履歴の絞り込み …). */
  label: string;
  onSubmit: () => void;
  /** クリア: every field emptied and the empty search run; no button without it. */
  onClear?: () => void;
  isDesktop: boolean;
  columns: { desktop: number; phone: number };
  /** Buttons after 検索 (CSV出力 …). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const cols = isDesktop ? columns.desktop : columns.phone;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} aria-label={label} className={classes.form} noValidate>
      <SimpleGrid
        cols={cols}
        spacing="sm"
        verticalSpacing="xs"
        style={{ '--filter-wide-span': Math.min(2, cols) }}
      >
        {children}
      </SimpleGrid>
      <Group gap="sm" mt="sm" justify={isDesktop ? 'flex-end' : 'stretch'} grow={!isDesktop}>
        {onClear && (
          <Button variant="default" type="button" onClick={onClear}>
            クリア
          </Button>
        )}
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
          検索
        </Button>
        {actions}
      </Group>
    </form>
  );
}
