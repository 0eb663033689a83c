import type { ComboboxItem, OptionsFilter } from '@mantine/core';

const folded = (text: string) => text.normalize('NFKC').toLowerCase().trim();

/**
 * A searchable select's filter (for selects without groups) that reads full-width digits and
 * letters as ASCII and half-width katakana as full-width (NFKC): staff typing １０００２ in
 * Japanese input mode find 10002.
 */
export const widthFoldingFilter: OptionsFilter = ({ options, search }) => {
  const wanted = folded(search);
  return (options as ComboboxItem[]).filter((option) => folded(option.label).includes(wanted));
};
