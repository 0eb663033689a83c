import { DOCUMENT_LABELS } from '@domain/api/order-documents';
import { BULK_DOWNLOAD_FILES_MAX } from '@domain/constants';
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { AccessErrorDialog } from '../../../components/feedback/access-error-dialog';
import { MessageDialog } from '../../../components/feedback/message-dialog';
import type { DownloadDialog } from '../hooks/use-order-downloads';
import { formatNumber } from '../utils/format';
import {
  bulkConfirmText,
  bulkTooManyText,
  CAUTION_MESSAGE,
  SINGLE_FILE_MISSING_MESSAGE,
} from '../utils/order-messages';
import classes from './orders.module.css';

function Counts({ fileCount, missingCount }: { fileCount: number; missingCount: number }) {
  return (
    <Stack gap={2}>
      <Text size="sm">ダウンロードしたファイル: {formatNumber(fileCount)}件</Text>
      {missingCount > 0 && (
        <Text size="sm">存在しなかったファイル: {formatNumber(missingCount)}件</Text>
      )}
    </Stack>
  );
}

/**
 * The names of the files that were not in the zip, so that the person can ask for them (the zip's
 * missing.txt holds the same list). A long list scrolls inside the dialog.
 */
function MissingFiles({ names }: { names: readonly string[] }) {
  const headingId = useId();
  if (names.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" id={headingId}>
        存在しなかったファイル（ZIPファイル内の missing.txt にも記載しています）:
      </Text>
      {/* A plain list in a plain scrolling box: the dialogs load with the screen, and Mantine's
          List and ScrollArea would add to its first load (decision 013, size budgets). */}
      <div className={classes.missingFilesBox}>
        <ul aria-labelledby={headingId} className={classes.missingFiles}>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
    </Stack>
  );
}

/**
 * The dialogs of the downloads (docs/product.md §4 and §8): confirmation at 100 or more lines, the result
 * with its counts, the caution about missing files, and the error with the support contact.
 */
export function DownloadDialogs({
  dialog,
  onClose,
  onConfirm,
}: {
  dialog: DownloadDialog | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <>
      <MessageDialog
        opened={dialog?.kind === 'confirm'}
        onClose={onClose}
        onConfirm={onConfirm}
        title="一括ダウンロードの確認"
      >
        {dialog?.kind === 'confirm' && (
          <Text>
            {DOCUMENT_LABELS[dialog.type]}: {bulkConfirmText(dialog.count)}
          </Text>
        )}
      </MessageDialog>
      <MessageDialog opened={dialog?.kind === 'result'} onClose={onClose} title="ダウンロード結果">
        {dialog?.kind === 'result' && (
          <>
            <Text>{DOCUMENT_LABELS[dialog.type]}のダウンロードを開始しました。</Text>
            <Counts
              fileCount={dialog.answer.file_count}
              missingCount={dialog.answer.missing_count}
            />
            <Text size="xs" c="dimmed">
              ファイル名: {dialog.answer.file_name}
            </Text>
          </>
        )}
      </MessageDialog>
      <MessageDialog
        opened={dialog?.kind === 'caution' || dialog?.kind === 'missing'}
        onClose={onClose}
        title="ご注意"
      >
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
        >
          {/* Mantine's Alert is the alert: a second one inside would be read twice. */}
          <Text size="sm">
            {dialog?.kind === 'missing' || (dialog?.kind === 'caution' && dialog.answer === null)
              ? SINGLE_FILE_MISSING_MESSAGE
              : CAUTION_MESSAGE}
          </Text>
        </Alert>
        {dialog?.kind === 'caution' && dialog.answer && (
          <>
            <Counts
              fileCount={dialog.answer.file_count}
              missingCount={dialog.answer.missing_count}
            />
            <MissingFiles names={dialog.answer.missing_files} />
          </>
        )}
      </MessageDialog>
      <MessageDialog opened={dialog?.kind === 'tooMany'} onClose={onClose} title="一括ダウンロード">
        {dialog?.kind === 'tooMany' && (
          <Text role="alert">
            {DOCUMENT_LABELS[dialog.type]}: {bulkTooManyText(dialog.count, BULK_DOWNLOAD_FILES_MAX)}
          </Text>
        )}
      </MessageDialog>
      <AccessErrorDialog opened={dialog?.kind === 'error'} onClose={onClose} />
    </>
  );
}
