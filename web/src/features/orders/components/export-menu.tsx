import { Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { AccessErrorDialog } from '../../../components/feedback/access-error-dialog';
import { MessageDialog } from '../../../components/feedback/message-dialog';
import type { LedgerExport } from '../hooks/use-ledger-export';
import { EXPORT_LABEL } from '../utils/order-messages';
import { ExportButton, type ExportMenuProps } from './export-button';

// The menu (Mantine's Menu with its popover and positioning code) loads when the button is first
// pointed at, focused or pressed, not with the screen (decision 013, size budgets).
const loadMenu = () => import('./export-menu-dropdown');
const ExportMenuDropdown = lazy(async () => ({ default: (await loadMenu()).ExportMenuDropdown }));

/**
 * 「Excel出力」 and its choice of .xlsx or CSV, exporting every line of the search shown.
 * Busy (「Excel出力中…」 with a spinner, no second click) while the file is prepared; the screen
 * stays usable. Until first pressed it is the bare button (the menu's code loads meanwhile); the
 * press opens the menu as soon as it has loaded.
 */
export function ExportMenu(props: ExportMenuProps) {
  const [pressed, setPressed] = useState(false);
  if (!pressed) {
    return (
      <ExportButton
        {...props}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => setPressed(true)}
      />
    );
  }
  return (
    <Suspense fallback={<ExportButton {...props} />}>
      <ExportMenuDropdown {...props} />
    </Suspense>
  );
}

/**
 * The export's failures: a search over the limit in the server's words, anything else as the
 * download-failure dialog with the support contact (docs/product.md §8 Orders).
 */
export function ExportDialogs({ exporter }: { exporter: LedgerExport }) {
  const { problem, closeProblem } = exporter;
  return (
    <>
      <MessageDialog
        opened={problem?.kind === 'tooMany'}
        onClose={closeProblem}
        title={EXPORT_LABEL}
      >
        {problem?.kind === 'tooMany' && <Text role="alert">{problem.message}</Text>}
      </MessageDialog>
      <AccessErrorDialog opened={problem?.kind === 'error'} onClose={closeProblem} />
    </>
  );
}
