import { Group, Text } from '@mantine/core';
import { DateLabel } from './date-label';
import classes from './date-range-inputs.module.css';
import { JapaneseDatePicker } from './japanese-date-picker';

export interface DateRangeInputsProps {
  /** What the range is of (受注日, 取引年月日, 期間 …): the pickers are named `${kind}（開始）`. */
  kind: string;
  /** YYYY-MM-DD, or null for no bound. */
  from: string | null;
  to: string | null;
  onChange: (patch: { from?: string | null; to?: string | null }) => void;
  isDesktop: boolean;
  /**
   * Each picker stops at the other's date (a screen that searches on every change). Without it
   * any day can be picked and the form says so at 検索 when the start is after the end.
   */
  ordered?: boolean;
  /** The start picker shown as wrong (the form's message is beside the range). */
  invalid?: boolean;
  /** A phone's calendar is a modal: told when it opens and closes. */
  onCalendarOpen?: (open: boolean) => void;
}

/**
 * The app's date range: the start 〜 the end, each a Japanese calendar (JapaneseDatePicker) that
 * drops down on a desktop and opens as a modal on a phone.
 */
export function DateRangeInputs({
  kind,
  from,
  to,
  onChange,
  isDesktop,
  ordered = false,
  invalid = false,
  onCalendarOpen,
}: DateRangeInputsProps) {
  const calendarProps = {
    dropdownType: isDesktop ? ('popover' as const) : ('modal' as const),
    labelProps: { fz: 'xs', fw: 400 },
    className: classes.field,
    ...(onCalendarOpen
      ? {
          onClick: () => onCalendarOpen(!isDesktop),
          modalProps: { onExitTransitionEnd: () => onCalendarOpen(false) },
        }
      : {}),
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" className={classes.row}>
      <JapaneseDatePicker
        {...calendarProps}
        label={<DateLabel end="開始" kind={kind} />}
        clearButtonProps={{ 'aria-label': `${kind}（開始）をクリア` }}
        value={from}
        maxDate={ordered ? (to ?? undefined) : undefined}
        onChange={(value) => onChange({ from: value })}
        error={invalid || undefined}
      />
      <Text aria-hidden="true" pb={6}>
        〜
      </Text>
      <JapaneseDatePicker
        {...calendarProps}
        label={<DateLabel end="終了" kind={kind} />}
        clearButtonProps={{ 'aria-label': `${kind}（終了）をクリア` }}
        value={to}
        minDate={ordered ? (from ?? undefined) : undefined}
        onChange={(value) => onChange({ to: value })}
      />
    </Group>
  );
}
