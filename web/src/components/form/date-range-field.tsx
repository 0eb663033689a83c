import { Group, Input, Text, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { DateLabel } from './date-label';
import type { DateRangeInputsProps } from './date-range-inputs';
import classes from './date-range-inputs.module.css';

// The calendar (Mantine's dates and dayjs, some 30 KB gzip) loads when a screen's form is shown,
// not with the screen: the documents, audit and inquiries screens are near their first-load
// budgets (decision 013).
const DateRangeInputs = lazy(async () => ({
  default: (await import('./date-range-inputs')).DateRangeInputs,
}));

/** A day as the pickers show it: 2026/11/27. */
const shown = (date: string | null) => (date ? date.replaceAll('-', '/') : '');

/** Read-only fields of the pickers' size, label and value, until the calendar has loaded. */
function Placeholder({ kind, from, to }: Pick<DateRangeInputsProps, 'kind' | 'from' | 'to'>) {
  const field = (end: '開始' | '終了', value: string | null) => (
    <TextInput
      label={<DateLabel end={end} kind={kind} />}
      labelProps={{ fz: 'xs', fw: 400 }}
      value={shown(value)}
      placeholder="指定なし"
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      readOnly
      className={classes.field}
    />
  );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" className={classes.row}>
      {field('開始', from)}
      <Text aria-hidden="true" pb={6}>
        〜
      </Text>
      {field('終了', to)}
    </Group>
  );
}

/**
 * A filter form's date range under its heading (取引年月日, 期間 …): the start 〜 the end in the
 * app's Japanese calendar, and the form's message about the range below them.
 */
export function DateRangeField({
  label,
  error,
  ...props
}: Omit<DateRangeInputsProps, 'invalid'> & { label: string; error?: string | undefined }) {
  return (
    <Input.Wrapper label={label} labelElement="div" error={error}>
      <Suspense fallback={<Placeholder kind={props.kind} from={props.from} to={props.to} />}>
        <DateRangeInputs {...props} invalid={Boolean(error)} />
      </Suspense>
    </Input.Wrapper>
  );
}
