import { type SelectProps, TextInput } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';

// Mantine's Select brings its combobox, popover and positioning code (floating-ui, 20 KB gzip);
// the screens show one to staff only, so it loads when one is shown, not with the screen
// (decision 013, size budgets).
const Select = lazy(async () => ({
  // Of string values, as this app's selects are.
  default: (await import('./select')).Select as ComponentType<SelectProps>,
}));

/** The label of the chosen option, as the select shows it. */
function chosenLabel({ data, value }: SelectProps): string {
  for (const item of data ?? []) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if ('value' in item && item.value === value) {
      return String(item.label);
    }
  }
  return '';
}

/**
 * Mantine's Select, loaded when first shown. Until then a read-only field with its label, value
 * and size stands in its place, so that nothing moves when it arrives.
 */
export function LazySelect(props: SelectProps) {
  const { label, placeholder, className, w, error, description, size } = props;
  return (
    <Suspense
      fallback={
        <TextInput
          label={label}
          placeholder={placeholder}
          value={chosenLabel(props)}
          readOnly
          className={className}
          w={w}
          error={error}
          description={description}
          size={size}
        />
      }
    >
      <Select {...props} />
    </Suspense>
  );
}
