import {
  LEDGER_DATE_FIELD_LABELS,
  LEDGER_DATE_FIELDS,
  type LedgerDateField,
} from '@domain/ledger-search';
import { Group, Input, SegmentedControl, Text, VisuallyHidden } from '@mantine/core';
import { JapaneseDatePicker } from '../../../components/form/japanese-date-picker';
import type { OrderFilters } from '../api/search-ledger-items';
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

/** The filter panel's 期間: which date it applies to, and its start and end. */
export function DateRangeField({
  dateField,
  fromDate,
  toDate,
  onChange,
  isDesktop,
  onCalendarOpen,
}: {
  dateField: LedgerDateField;
  fromDate: string | null;
  toDate: string | null;
  onChange: (patch: Pick<Partial<OrderFilters>, 'dateField' | 'fromDate' | 'toDate'>) => void;
  isDesktop: boolean;
  /** A phone's calendar is a modal over the panel: the panel leaves Escape to it while open. */
  onCalendarOpen: (open: boolean) => void;
}) {
  const dateKind = LEDGER_DATE_FIELD_LABELS[dateField];
  const calendarProps = {
    onClick: () => onCalendarOpen(!isDesktop),
    modalProps: { onExitTransitionEnd: () => onCalendarOpen(false) },
  };
  return (
    <Input.Wrapper label="期間" labelElement="div">
      {/* Which date the range applies to: the order's, the shipment's or the expected delivery's. */}
      <SegmentedControl
        aria-label="期間の日付"
        fullWidth
        size="sm"
        mt={6}
        data={DATE_FIELD_OPTIONS}
        value={dateField}
        onChange={(value) => onChange({ dateField: value as LedgerDateField })}
      />
      {/* docs/product.md §5: the start cannot be after the end (each picker stops at the other). */}
      <Group gap="xs" wrap="nowrap" align="flex-end" className={classes.rangeRow}>
        <JapaneseDatePicker
          {...calendarProps}
          label={<DateLabel end="開始" kind={dateKind} />}
          labelProps={{ fz: 'xs', fw: 400 }}
          clearButtonProps={{ 'aria-label': `${dateKind}（開始）をクリア` }}
          value={fromDate}
          maxDate={toDate ?? undefined}
          onChange={(value) => onChange({ fromDate: value })}
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
          value={toDate}
          minDate={fromDate ?? undefined}
          onChange={(value) => onChange({ toDate: value })}
          dropdownType={isDesktop ? 'popover' : 'modal'}
          className={classes.rangeField}
        />
      </Group>
    </Input.Wrapper>
  );
}
