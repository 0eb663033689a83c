import { AUDIT_COUNT_CAP, AUDIT_PAGE_SIZE } from '@domain/audit';
import { isStaff } from '@domain/user-type';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  countLine,
  pageRange,
  ResultsPager,
  ResultsShell,
  resultsState,
} from '../../../components/results/results-shell';
import { paths } from '../../../config/paths';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { usePageTitle } from '../../../hooks/use-page-title';
import { refusalMessage } from '../../../lib/refusal-message';
import { saveFile } from '../../../lib/save-file';
import { useSession } from '../../../lib/session';
import { exportAudit } from '../api/export-audit';
import { useAuditEvents } from '../api/search-audit';
import {
  type AuditSearch,
  auditQueryOf,
  auditSearchParams,
  readAuditSearch,
} from '../utils/audit-search';
import classes from './audit.module.css';
import { AuditFilters } from './audit-filters';
import { AuditCards, AuditTable } from './audit-results';

export const NO_EVENTS_MESSAGE = '条件に合う操作履歴はありません。';
const LOAD_ERROR_MESSAGE = '操作履歴を読み込めませんでした。時間をおいて再度お試しください。';
const FORBIDDEN_MESSAGE = 'この条件の操作履歴を表示する権限がありません。';

/** The server's Japanese sentence of a refused request (400, 403), else a general one. */
const messageOf = (error: unknown) =>
  refusalMessage(error, { fallback: LOAD_ERROR_MESSAGE, forbidden: FORBIDDEN_MESSAGE });

const number = (n: number) => n.toLocaleString('ja-JP');

/** The places of a page's events: 101〜200件目. */
function rangeText(page: number, shown: number): string {
  const { first, last } = pageRange(page, AUDIT_PAGE_SIZE, shown);
  return `${number(first)}〜${number(last)}件目`;
}

/**
 * The audit view (docs/decisions/017): staff see every recorded event, a corporate
 * administrator those of their corporation's users and customers. Filters, 100 events a page (a
 * table on a desktop, cards on a phone) and the CSV export of the filtered events.
 */
export function AuditPage() {
  usePageTitle(paths.audit.pageName);
  const isDesktop = useIsDesktop();
  const { userInfo } = useSession();
  const staff = userInfo !== null && isStaff(userInfo);
  const [params, setParams] = useSearchParams();
  // One object while the address stays: the filters restart their draft when it changes.
  const search = useMemo(() => readAuditSearch(params), [params]);
  const events = useAuditEvents(search);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const go = (next: AuditSearch) => setParams(auditSearchParams(next));

  /** Exports the filters the form shows; when they are not the search in force, they become it. */
  const runExport = async (shown: AuditSearch) => {
    const query = new URLSearchParams(auditQueryOf(shown)).toString();
    if (query !== new URLSearchParams(auditQueryOf(search)).toString()) go({ ...shown, page: 1 });
    setExporting(true);
    setExportError(null);
    try {
      const file = await exportAudit(shown);
      saveFile(file.blob, file.fileName ?? 'auditlog.csv');
    } catch (error) {
      setExportError(messageOf(error));
    } finally {
      setExporting(false);
    }
  };

  const data = events.data;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {paths.audit.pageName}
      </Title>

      {staff && data?.mail_outbox && (
        <Paper withBorder p="sm" radius="md" aria-label="メール送信状況" component="section">
          <Group gap="lg" wrap="wrap">
            <Group gap={6}>
              <IconMail size={18} aria-hidden="true" />
              <Text size="sm" fw={700}>
                メール送信状況
              </Text>
            </Group>
            <Text size="sm">送信待ち {number(data.mail_outbox.pending)}件</Text>
            <Text size="sm" c={data.mail_outbox.failed > 0 ? 'red.8' : undefined}>
              送信失敗 {number(data.mail_outbox.failed)}件
            </Text>
            <Text size="sm">送信済み {number(data.mail_outbox.sent)}件</Text>
          </Group>
        </Paper>
      )}

      <AuditFilters
        search={search}
        onSearch={go}
        onExport={runExport}
        exporting={exporting}
        isDesktop={isDesktop}
      />

      {exportError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {exportError}
        </Alert>
      )}

      <ResultsShell
        state={resultsState(events)}
        errorMessage={messageOf(events.error)}
        emptyMessage={NO_EVENTS_MESSAGE}
        header={
          data && (
            <Text size="sm" role="status" className={classes.summary}>
              {data.total_capped
                ? `${number(AUDIT_COUNT_CAP)}件以上（${rangeText(data.page, data.items.length)}を表示。条件を絞り込むとすべて表示できます）`
                : countLine(data.total, data.page, AUDIT_PAGE_SIZE, data.items.length)}
            </Text>
          )
        }
        pager={
          data && (
            <ResultsPager
              page={data.page}
              pages={Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE))}
              onChange={(page) => go({ ...search, page })}
              isDesktop={isDesktop}
              scrollToTop
            />
          )
        }
      >
        {data &&
          (isDesktop ? <AuditTable events={data.items} /> : <AuditCards events={data.items} />)}
      </ResultsShell>
    </Stack>
  );
}
