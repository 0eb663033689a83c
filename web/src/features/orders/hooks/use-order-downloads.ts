import { DOCUMENT_LABELS, type DocumentType } from '@domain/api/order-documents';
import { BULK_DOWNLOAD_CONFIRM_COUNT, BULK_DOWNLOAD_FILES_MAX } from '@domain/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { loginUserId } from '../../../lib/api-client';
import { isHttpError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import {
  type BulkDownloadAnswer,
  useDownloadLedgerDocuments,
} from '../api/download-ledger-documents';
import { ledgerFileLinksQueryOptions } from '../api/get-ledger-file-links';
import type { OrderLine } from '../api/search-ledger-items';
import { bulkDownloadName, documentFileNames } from '../utils/order-filters';

/**
 * Starts a download by navigating to its URL, never by fetch: the URL may be on the storage's own
 * host (S3), which the page's connect-src does not allow, and the browser then saves the file.
 */
export function openDownloadUrl(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export type DownloadDialog =
  | { kind: 'confirm'; type: DocumentType; count: number }
  | { kind: 'result'; type: DocumentType; answer: BulkDownloadAnswer }
  | { kind: 'caution'; type: DocumentType | null; answer: BulkDownloadAnswer | null }
  | { kind: 'missing' }
  | { kind: 'tooMany'; type: DocumentType; count: number }
  | { kind: 'error' };

/**
 * The document downloads of the orders screens: one document of a line (docs/product.md §2 Detail panel)
 * and the zip of the selected lines' documents of one type (docs/product.md §4), with their dialogs.
 */
export function useOrderDownloads(customerCode: number | null) {
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const userId = loginUserId(userInfo?.id);
  const { mutateAsync: prepareZip } = useDownloadLedgerDocuments();
  const [dialog, setDialog] = useState<DownloadDialog | null>(null);
  const [pending, setPending] = useState<{ key: string; type: DocumentType } | null>(null);
  const [bulkLines, setBulkLines] = useState<OrderLine[]>([]);
  const [bulkRunning, setBulkRunning] = useState<DocumentType | null>(null);

  /** Signs the line's URLs ahead of a click, so the download starts at once. */
  const prefetchLinks = useCallback(
    (line: OrderLine) => {
      if (line.invoice_file_name || line.shipped_file_name || line.delivery_file_name) {
        void queryClient.prefetchQuery(ledgerFileLinksQueryOptions(line, userId));
      }
    },
    [queryClient, userId],
  );

  const downloadOne = useCallback(
    async (line: OrderLine, type: DocumentType) => {
      setPending({ key: line.key, type });
      try {
        const links = await queryClient.fetchQuery(ledgerFileLinksQueryOptions(line, userId));
        const link = links[type];
        if (link.url) openDownloadUrl(link.url);
        else setDialog({ kind: 'missing' });
      } catch {
        setDialog({ kind: 'error' });
      } finally {
        setPending(null);
      }
    },
    [queryClient, userId],
  );

  const runBulk = useCallback(
    async (type: DocumentType, lines: OrderLine[]) => {
      if (customerCode === null) return;
      const withFile = lines.filter((line) => documentFileNames([line], type).length > 0);
      setBulkRunning(type);
      try {
        const answer = await prepareZip({
          customerCode,
          downloadName: bulkDownloadName(withFile, DOCUMENT_LABELS[type]),
          fileNames: documentFileNames(withFile, type),
        });
        openDownloadUrl(answer.url);
        setDialog(
          answer.caution_flag
            ? { kind: 'caution', type, answer }
            : { kind: 'result', type, answer },
        );
      } catch (error) {
        // None of the files exists: nothing to download, which the caution dialog says.
        setDialog(
          isHttpError(error, 404) ? { kind: 'caution', type, answer: null } : { kind: 'error' },
        );
      } finally {
        setBulkRunning(null);
      }
    },
    [prepareZip, customerCode],
  );

  /**
   * docs/product.md §4: 100 or more selected lines ask for confirmation first; more files than one zip takes
   * (only by checking dozens of pages by hand) are refused before anything is sent.
   */
  const requestBulk = useCallback(
    (type: DocumentType, lines: OrderLine[]) => {
      const fileCount = documentFileNames(lines, type).length;
      if (fileCount > BULK_DOWNLOAD_FILES_MAX) {
        setDialog({ kind: 'tooMany', type, count: fileCount });
        return;
      }
      if (lines.length >= BULK_DOWNLOAD_CONFIRM_COUNT) {
        setBulkLines(lines);
        setDialog({ kind: 'confirm', type, count: lines.length });
        return;
      }
      void runBulk(type, lines);
    },
    [runBulk],
  );

  const confirmBulk = useCallback(() => {
    if (dialog?.kind !== 'confirm') return;
    setDialog(null);
    void runBulk(dialog.type, bulkLines);
  }, [dialog, bulkLines, runBulk]);

  const closeDialog = useCallback(() => setDialog(null), []);

  return {
    dialog,
    closeDialog,
    confirmBulk,
    requestBulk,
    downloadOne,
    prefetchLinks,
    /** The document of a line being fetched, for the button's spinner. */
    pending,
    /** The document type of a zip being prepared. */
    bulkRunning,
  };
}

export type OrderDownloads = ReturnType<typeof useOrderDownloads>;
