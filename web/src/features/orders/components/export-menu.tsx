import { LEDGER_EXPORT_FORMATS } from '@domain/ledger-export';
import { Button, Loader, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';
import { AccessErrorDialog } from '../../../components/feedback/access-error-dialog';
import { MessageDialog } from '../../../components/feedback/message-dialog';
import type { LedgerExport } from '../hooks/use-ledger-export';
import { EXPORT_FORMAT_LABELS, EXPORT_LABEL, EXPORT_RUNNING_LABEL } from '../utils/order-messages';

/**
 * Issue 20: 「Excel出力」 and its choice of .xlsx or CSV, exporting every line of the search shown.
 * Busy (「Excel出力中…」 with a spinner, no second click) while the file is prepared; the screen
 * stays usable.
 */
export function ExportMenu({
  exporter,
  disabled,
  size = 'xs',
}: {
  exporter: LedgerExport;
  /** Nothing to export (no lines, or no answer yet). */
  disabled: boolean;
  size?: 'xs' | 'sm';
}) {
  const { running, start } = exporter;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
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
        >
          {running ? EXPORT_RUNNING_LABEL : EXPORT_LABEL}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>検索結果をすべて出力</Menu.Label>
        {LEDGER_EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => void start(format)}>
            {EXPORT_FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
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
