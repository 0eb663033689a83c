import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ja';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import classes from './japanese-date-picker.module.css';

/** A day's weekday from its YYYY-MM-DD (0 Sunday … 6 Saturday), without the time zone's help. */
const weekday = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay();
};

/**
 * The one date picker of the app (the orders' filter, the audit view): docs/product.md §9 weeks
 * from Monday, the month as 2026年4月, dates shown 2026/04/01, Saturdays blue and Sundays red as
 * Japanese calendars have them, and a calendar a screen reader speaks in Japanese (2026年10月26日).
 */
export function JapaneseDatePicker(props: DatePickerInputProps) {
  return (
    <DatePickerInput
      valueFormat="YYYY/MM/DD"
      monthLabelFormat="YYYY年M月"
      firstDayOfWeek={1}
      weekendDays={[]}
      locale="ja"
      clearable
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      placeholder="指定なし"
      ariaLabels={{
        previousMonth: '前の月',
        nextMonth: '次の月',
        previousYear: '前の年',
        nextYear: '次の年',
        previousDecade: '前の10年',
        nextDecade: '次の10年',
        // The month and year headings keep their own text (2026年5月) as their name.
      }}
      getDayAriaLabel={(date: string) => {
        const [year, month, day] = date.split('-').map(Number);
        return `${year}年${month}月${day}日`;
      }}
      getDayProps={(date: string) => {
        const day = weekday(date);
        return { 'data-saturday': day === 6 || undefined, 'data-sunday': day === 0 || undefined };
      }}
      classNames={{ day: classes.day, weekday: classes.weekday }}
      {...props}
    />
  );
}
