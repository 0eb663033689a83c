import { Group, Loader, NativeSelect } from '@mantine/core';
import { AddRowButton } from '../../../components/edit-rows/edit-columns';
import type { ManagersPageState } from '../hooks/use-managers-page';
import { SORT_OPTIONS, sortValue } from '../utils/manager-sort';
import classes from './managers-page.module.css';

/**
 * docs/product.md §2 Managers: the customer-code filter, the sort select and the add-new button
 * (staff see it once a customer is chosen).
 */
export function ManagersToolbar({ page }: { page: ManagersPageState }) {
  const { sort, editor } = page;
  return (
    <Group align="flex-end" gap="md" className={classes.toolbar}>
      <NativeSelect
        label="表示する取引先コード"
        value={page.filter}
        onChange={(event) => page.setFilter(event.currentTarget.value)}
        data={page.filterOptions}
        miw={{ sm: 280 }}
        rightSection={page.customersLoading ? <Loader size={14} /> : undefined}
      />
      <NativeSelect
        label="並び替え"
        value={SORT_OPTIONS.some((o) => o.value === sortValue(sort)) ? sortValue(sort) : ''}
        onChange={(event) => {
          const option = SORT_OPTIONS.find((o) => o.value === event.currentTarget.value);
          if (option) page.setSort(option.sort);
        }}
        data={[
          {
            value: '',
            label: `氏名（${sort.direction === 'asc' ? '昇順' : '降順'}）`,
            disabled: true,
          },
          ...SORT_OPTIONS.map(({ value, label }) => ({ value, label })),
        ]}
        miw={{ sm: 200 }}
      />
      {page.chosen && (
        <Group ml={{ sm: 'auto' }}>
          <AddRowButton
            disabled={!editor.canAdd || !page.users.isSuccess}
            onClick={editor.addRow}
          />
        </Group>
      )}
    </Group>
  );
}
