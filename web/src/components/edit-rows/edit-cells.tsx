import { FIELD_PROBLEM_MESSAGES, tooLongMessage } from '@domain/top-content';
import { NativeSelect, Switch, TextInput, VisuallyHidden } from '@mantine/core';
import type { CellProblem } from '../../hooks/use-edit-rows';
import classes from './edit-rows.module.css';

interface EditCellProps {
  label: string;
  /** In the desktop table the column header is the visible label; the input keeps it as its name. */
  hideLabel: boolean;
  value: string;
  onChange: (value: string) => void;
  problem?: CellProblem;
  changed?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
}

const CELL_PROBLEM_MESSAGES: Record<CellProblem, string> = {
  ...FIELD_PROBLEM_MESSAGES,
  duplicate: '既に登録されています。',
};

/** The marks of docs/product.md §4 on one cell: aria-invalid and data-problem when invalid, data-changed. */
function markProps({
  problem,
  changed,
  maxLength,
}: Pick<EditCellProps, 'problem' | 'changed'> & { maxLength?: number | undefined }) {
  const message =
    problem === 'tooLong' && maxLength
      ? tooLongMessage(maxLength)
      : problem && CELL_PROBLEM_MESSAGES[problem];
  return {
    error: message || undefined,
    'data-problem': problem,
    'data-changed': changed || undefined,
    classNames: { input: classes.input },
  };
}

export function EditTextInput({
  label,
  hideLabel,
  value,
  onChange,
  problem,
  changed,
  readOnly,
  disabled,
  placeholder,
  type = 'text',
  description,
  maxLength,
}: EditCellProps & {
  placeholder?: string;
  type?: 'text' | 'url' | 'email';
  description?: string;
  /** The field's limit, named by the message of a text too long. */
  maxLength?: number | undefined;
}) {
  return (
    <TextInput
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      description={description}
      type={type}
      value={value}
      // A value wider than its cell (a long mail or name) reads whole on hover.
      title={value || undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder={placeholder}
      readOnly={readOnly}
      disabled={disabled}
      variant={readOnly ? 'filled' : 'default'}
      {...markProps({ problem, changed, maxLength })}
    />
  );
}

export interface EditSelectOption {
  value: string;
  label: string;
}

export function EditSelect({
  label,
  hideLabel,
  value,
  onChange,
  problem,
  changed,
  disabled,
  options,
  placeholder = '選択してください',
}: EditCellProps & { options: EditSelectOption[]; placeholder?: string }) {
  return (
    <NativeSelect
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      disabled={disabled}
      // A narrow column cuts a long choice (a customer's name); the whole of it shows on hover.
      title={options.find((option) => option.value === value)?.label}
      data={[{ value: '', label: placeholder, disabled: true }, ...options]}
      {...markProps({ problem, changed })}
    />
  );
}

/**
 * An on/off cell (the managers' shipment notification): the value is 'on' or 'off';
 * on a phone's card the switch says which in words beside it.
 */
export function EditSwitch({
  label,
  hideLabel,
  value,
  onChange,
  changed,
  disabled,
}: Omit<EditCellProps, 'value' | 'onChange' | 'problem' | 'readOnly'> & {
  value: 'on' | 'off';
  onChange: (value: 'on' | 'off') => void;
}) {
  const state = value === 'on' ? 'オン' : 'オフ';
  return (
    <Switch
      // In the narrow table column the switch alone shows; its name says the column and state.
      label={
        hideLabel ? <VisuallyHidden>{`${label}${state}`}</VisuallyHidden> : `${label}：${state}`
      }
      checked={value === 'on'}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked ? 'on' : 'off')}
      data-changed={changed || undefined}
      mt={hideLabel ? 8 : 0}
    />
  );
}
