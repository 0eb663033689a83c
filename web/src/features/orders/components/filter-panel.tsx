// The date pickers' styles and Japanese calendar load with this panel, on its first opening
// (orders-page.tsx), not with the screen (decision 013, size budgets).
import '@mantine/core/styles/SegmentedControl.layer.css';
import 'dayjs/locale/ja';
import {
  type KeywordMatch,
  type LedgerStatusFilter,
  ORDER_NO_MAX_LENGTH,
} from '@domain/ledger-search';
import { Button, Checkbox, Drawer, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { OrderFilters } from '../api/search-ledger-items';
import { STATUS_OPTIONS, withOrderedItemRange } from '../utils/order-filters';
import { SEARCH_WAIT_MESSAGE } from '../utils/order-messages';
import { defaultOrderFilters } from '../utils/order-search-params';
import { DateRangeField } from './date-range-field';
import { ItemRangeField } from './item-range-field';
import { KeywordInput } from './keyword-input';
import classes from './orders.module.css';

/**
 * docs/product.md §2 Filter panel, sliding in from the right. The conditions are a draft until 検索; opening
 * the panel again starts from the conditions in force.
 */
export function FilterPanel({
  opened,
  onClose,
  filters,
  onSearch,
  waiting = false,
  isDesktop,
}: {
  opened: boolean;
  onClose: () => void;
  filters: OrderFilters;
  onSearch: (filters: OrderFilters) => void;
  /** The wait after a failed search (docs/product.md §4): 検索 is off until it ends. */
  waiting?: boolean;
  isDesktop: boolean;
}) {
  const [draft, setDraft] = useState(filters);
  // Opening the panel starts the draft again from the conditions in force (set while rendering,
  // so the panel never shows the old draft first).
  const [shownOpened, setShownOpened] = useState(opened);
  if (opened !== shownOpened) {
    setShownOpened(opened);
    if (opened) setDraft(filters);
  }

  // On a phone the calendar is a modal over the panel, and Mantine closes every open modal on
  // Escape: while a calendar is open, Escape closes only the calendar.
  const [calendarOpen, setCalendarOpen] = useState(false);

  const set = (patch: Partial<OrderFilters>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!waiting) onSearch(withOrderedItemRange(draft));
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={!calendarOpen}
      position="right"
      size={isDesktop ? 440 : '100%'}
      title="絞り込み条件"
      closeButtonProps={{ 'aria-label': '閉じる' }}
      classNames={{ body: classes.filterBody }}
    >
      <form onSubmit={submit} className={classes.filterForm} aria-label="絞り込み条件">
        <Stack gap="md" className={classes.filterFields}>
          <Radio.Group
            label="ステータス"
            value={draft.status}
            onChange={(value) => set({ status: value as LedgerStatusFilter })}
          >
            <Group gap="lg" mt={6}>
              {STATUS_OPTIONS.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Group>
          </Radio.Group>

          <Checkbox
            label="問い合わせ中の明細だけ"
            description="完了していないお問い合わせがある明細を表示します。"
            checked={draft.openInquiry}
            onChange={(event) => set({ openInquiry: event.currentTarget.checked })}
          />

          <TextInput
            label="受注番号・納品番号・送り状番号"
            description="番号の全体か先頭の部分で検索します。ハイフンや全角・半角は区別しません。"
            inputWrapperOrder={['label', 'input', 'description']}
            placeholder="例: SO2611-000754"
            value={draft.orderNo}
            onChange={(event) => set({ orderNo: event.currentTarget.value })}
            maxLength={ORDER_NO_MAX_LENGTH}
            inputMode="text"
            autoCapitalize="characters"
            autoComplete="off"
          />

          <DateRangeField
            dateField={draft.dateField}
            fromDate={draft.fromDate}
            toDate={draft.toDate}
            onChange={set}
            isDesktop={isDesktop}
            onCalendarOpen={setCalendarOpen}
          />

          <TextInput
            label="物件名"
            value={draft.propertyName}
            onChange={(event) => set({ propertyName: event.currentTarget.value })}
            maxLength={200}
          />

          <ItemRangeField
            start={draft.itemNoStart}
            end={draft.itemNoEnd}
            onChange={(range) => set(range)}
          />

          <TextInput
            label="型式・品名"
            value={draft.productName}
            onChange={(event) => set({ productName: event.currentTarget.value })}
            maxLength={200}
          />

          <KeywordInput value={draft.keywords} onChange={(keywords) => set({ keywords })} />

          <Radio.Group
            label="キーワードの条件"
            value={draft.keywordMatch}
            onChange={(value) => set({ keywordMatch: value as KeywordMatch })}
          >
            <Group gap="lg" mt={6}>
              <Radio value="or" label="OR（いずれかを含む）" />
              <Radio value="and" label="AND（すべてを含む）" />
            </Group>
          </Radio.Group>
        </Stack>

        <Group className={classes.filterActions} gap="sm" grow>
          <Button type="button" variant="default" onClick={() => setDraft(defaultOrderFilters())}>
            条件クリア
          </Button>
          <Button
            type="submit"
            disabled={waiting}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
          >
            検索
          </Button>
        </Group>
        {waiting && (
          <Text size="sm" c="red" role="status">
            {SEARCH_WAIT_MESSAGE}
          </Text>
        )}
      </form>
    </Drawer>
  );
}
