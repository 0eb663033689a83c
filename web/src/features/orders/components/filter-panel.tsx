// The date pickers' styles and Japanese calendar load with this panel, on its first opening
// (orders-page.tsx), not with the screen (decision 013, size budgets).
import '@mantine/core/styles/SegmentedControl.layer.css';
import 'dayjs/locale/ja';
import {
  type KeywordMatch,
  LEDGER_DATE_FIELD_LABELS,
  LEDGER_DATE_FIELDS,
  type LedgerDateField,
  type LedgerStatusFilter,
  ORDER_NO_MAX_LENGTH,
} from '@domain/ledger-search';
import {
  Button,
  Drawer,
  Group,
  Input,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { JapaneseDatePicker } from '../../../components/form/japanese-date-picker';
import type { OrderFilters } from '../api/search-ledger-items';
import { STATUS_OPTIONS, upperCaseItemNo, withOrderedItemRange } from '../utils/order-filters';
import { SEARCH_WAIT_MESSAGE } from '../utils/order-messages';
import { defaultOrderFilters } from '../utils/order-search-params';
import { KeywordInput } from './keyword-input';
import classes from './orders.module.css';

const DATE_FIELD_OPTIONS = LEDGER_DATE_FIELDS.map((value) => ({
  value,
  label: LEDGER_DATE_FIELD_LABELS[value],
}));

/**
 * A date picker's label: 開始 or 終了 under the range's heading, named after the chosen date
 * (受注日（開始）, 出荷日（終了）…) in full to a screen reader. A visible label rather than an aria-label: the picker is a button whose
 * text is its date (or 指定なし), and an aria-label would hide that text from its name (WCAG 2.5.3).
 */
function DateLabel({ end, kind }: { end: '開始' | '終了'; kind: string }) {
  return (
    <>
      {/* One hidden run for the name: pieces around the visible word would be read apart
          (Chromium names it 「受注日（ 開始 ）」). */}
      <VisuallyHidden>{`${kind}（${end}）`}</VisuallyHidden>
      <span aria-hidden="true">{end}</span>
    </>
  );
}

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
  const calendarProps = {
    onClick: () => setCalendarOpen(!isDesktop),
    modalProps: { onExitTransitionEnd: () => setCalendarOpen(false) },
  };

  const set = (patch: Partial<OrderFilters>) => setDraft((current) => ({ ...current, ...patch }));

  const dateKind = LEDGER_DATE_FIELD_LABELS[draft.dateField];

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

          <Input.Wrapper label="期間" labelElement="div">
            {/* Which date the range applies to: the order's, the shipment's or the expected delivery's. */}
            <SegmentedControl
              aria-label="期間の日付"
              fullWidth
              size="sm"
              mt={6}
              data={DATE_FIELD_OPTIONS}
              value={draft.dateField}
              onChange={(value) => set({ dateField: value as LedgerDateField })}
            />
            {/* docs/product.md §5: the start cannot be after the end (each picker stops at the other). */}
            <Group gap="xs" wrap="nowrap" align="flex-end" className={classes.rangeRow}>
              <JapaneseDatePicker
                {...calendarProps}
                label={<DateLabel end="開始" kind={dateKind} />}
                labelProps={{ fz: 'xs', fw: 400 }}
                clearButtonProps={{ 'aria-label': `${dateKind}（開始）をクリア` }}
                value={draft.fromDate}
                maxDate={draft.toDate ?? undefined}
                onChange={(value) => set({ fromDate: value })}
                dropdownType={isDesktop ? 'popover' : 'modal'}
                className={classes.rangeField}
              />
              <Text aria-hidden="true" pb={6}>
                〜
              </Text>
              <JapaneseDatePicker
                {...calendarProps}
                label={<DateLabel end="終了" kind={dateKind} />}
                labelProps={{ fz: 'xs', fw: 400 }}
                clearButtonProps={{ 'aria-label': `${dateKind}（終了）をクリア` }}
                value={draft.toDate}
                minDate={draft.fromDate ?? undefined}
                onChange={(value) => set({ toDate: value })}
                dropdownType={isDesktop ? 'popover' : 'modal'}
                className={classes.rangeField}
              />
            </Group>
          </Input.Wrapper>

          <TextInput
            label="物件名"
            value={draft.propertyName}
            onChange={(event) => set({ propertyName: event.currentTarget.value })}
            maxLength={200}
          />

          <Input.Wrapper
            label="品番"
            labelElement="div"
            description="開始と終了が同じときは、その文字で始まる品番を検索します。"
            inputWrapperOrder={['label', 'input', 'description']}
          >
            <Group gap="xs" wrap="nowrap" align="flex-end" className={classes.rangeRow}>
              <TextInput
                aria-label="品番（開始）"
                placeholder="開始"
                value={draft.itemNoStart}
                onChange={(event) =>
                  set({ itemNoStart: upperCaseItemNo(event.currentTarget.value) })
                }
                maxLength={100}
                autoCapitalize="characters"
                className={classes.rangeField}
              />
              <Text aria-hidden="true" pb={6}>
                〜
              </Text>
              <TextInput
                aria-label="品番（終了）"
                placeholder="終了"
                value={draft.itemNoEnd}
                onChange={(event) => set({ itemNoEnd: upperCaseItemNo(event.currentTarget.value) })}
                maxLength={100}
                autoCapitalize="characters"
                className={classes.rangeField}
              />
            </Group>
          </Input.Wrapper>

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
