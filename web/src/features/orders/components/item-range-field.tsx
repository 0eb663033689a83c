import { Group, Input, Text, TextInput } from '@mantine/core';
import { upperCaseItemNo } from '../utils/order-filters';
import classes from './orders.module.css';

/** The filter panel's 品番: a range, or a prefix when both ends are the same. */
export function ItemRangeField({
  start,
  end,
  onChange,
}: {
  start: string;
  end: string;
  onChange: (patch: { itemNoStart?: string; itemNoEnd?: string }) => void;
}) {
  return (
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
          value={start}
          onChange={(event) =>
            onChange({ itemNoStart: upperCaseItemNo(event.currentTarget.value) })
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
          value={end}
          onChange={(event) => onChange({ itemNoEnd: upperCaseItemNo(event.currentTarget.value) })}
          maxLength={100}
          autoCapitalize="characters"
          className={classes.rangeField}
        />
      </Group>
    </Input.Wrapper>
  );
}
