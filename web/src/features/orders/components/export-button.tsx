import { Button, Loader } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';
import { forwardRef } from 'react';
import type { LedgerExport } from '../hooks/use-ledger-export';
import { EXPORT_LABEL, EXPORT_RUNNING_LABEL } from '../utils/order-messages';

export interface ExportMenuProps {
  exporter: LedgerExport;
  /** Nothing to export (no lines, or no answer yet). */
  disabled: boolean;
  size?: 'xs' | 'sm';
}

/** The menu's button: 「Excel出力」, or 「Excel出力中…」 with a spinner while the file is prepared. */
export const ExportButton = forwardRef<
  HTMLButtonElement,
  ExportMenuProps & { onClick?: () => void; onPointerEnter?: () => void; onFocus?: () => void }
>(function ExportButton({ exporter, disabled, size = 'xs', ...handlers }, ref) {
  const { running } = exporter;
  return (
    <Button
      ref={ref}
      size={size}
      variant="light"
      color="teal"
      leftSection={
        running ? (
          <Loader size={14} color="teal" aria-hidden="true" />
        ) : (
          <IconFileSpreadsheet size={16} aria-hidden="true" />
        )
      }
      rightSection={<IconChevronDown size={14} aria-hidden="true" />}
      disabled={disabled || running !== null}
      aria-busy={running !== null}
      {...handlers}
    >
      {running ? EXPORT_RUNNING_LABEL : EXPORT_LABEL}
    </Button>
  );
});
