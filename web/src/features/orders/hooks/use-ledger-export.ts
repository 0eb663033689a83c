import type { LedgerExportFormat } from '@domain/api/ledger';
import { useCallback, useRef, useState } from 'react';
import { isHttpError } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';
import { exportLedgerItems } from '../api/export-ledger-items';
import type { OrderSearch } from '../api/search-ledger-items';
import { exportBusyText, exportFallbackName, exportTooManyText } from '../utils/order-messages';

/** The server's refusal of a search over the export's limit (400 TOO_MANY_RESULTS). */
const TOO_MANY_CODE = 'TOO_MANY_RESULTS';

export type ExportProblem = { kind: 'tooMany'; message: string } | { kind: 'error' };

function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  return typeof body.message === 'string' && body.message !== '' ? body.message : null;
}

/**
 * The Excel / CSV export of the orders screen: every line of the search shown (all its
 * pages, its filters, sort and customer), saved under the server's file name. One export at a
 * time; the screen stays usable meanwhile. A search over the limit, or an export refused while
 * too many run, says so in the server's words;
 * any other failure opens the download-failure dialog (docs/product.md §8 Orders).
 */
export function useLedgerExport(search: OrderSearch | null, userId: number) {
  const [running, setRunning] = useState<LedgerExportFormat | null>(null);
  const [problem, setProblem] = useState<ExportProblem | null>(null);
  // Two clicks before the button shows it is busy still start one export.
  const busy = useRef(false);

  const start = useCallback(
    async (format: LedgerExportFormat) => {
      if (search === null || busy.current) return;
      busy.current = true;
      setRunning(format);
      try {
        const file = await exportLedgerItems(search, userId, format);
        saveFile(file.blob, file.fileName ?? exportFallbackName(format));
      } catch (error) {
        // Over the export's lines, or too many exports running (429: the person's own or the
        // server's, docs/decisions/024): the server's words say which and what to do.
        const tooMany =
          (isHttpError(error, 400) && error.code === TOO_MANY_CODE) || isHttpError(error, 429);
        setProblem(
          tooMany
            ? {
                kind: 'tooMany',
                message:
                  serverMessage(error.body) ??
                  (error.status === 429 ? exportBusyText() : exportTooManyText()),
              }
            : { kind: 'error' },
        );
      } finally {
        busy.current = false;
        setRunning(null);
      }
    },
    [search, userId],
  );

  const closeProblem = useCallback(() => setProblem(null), []);

  return { start, running, problem, closeProblem };
}

export type LedgerExport = ReturnType<typeof useLedgerExport>;
