import type { DocumentListItem } from '@domain/api/documents';
import { DOCUMENT_PAGE_SIZE, type DocumentSort } from '@domain/api/documents';
import { isStaff } from '@domain/user-type';
import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileZip } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CustomerChoice } from '../../../components/form/customer-choice';
import {
  countLine,
  ResultsPager,
  ResultsShell,
  resultsState,
} from '../../../components/results/results-shell';
import { paths } from '../../../config/paths';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { usePageTitle } from '../../../hooks/use-page-title';
import { refusalMessage } from '../../../lib/refusal-message';
import { useSession } from '../../../lib/session';
import { useDownloadDocument, useDownloadDocumentZip } from '../api/download-document';
import { useDocuments } from '../api/list-documents';
import {
  type DocumentSearch,
  documentFilterQuery,
  documentSearchParams,
  readDocumentSearch,
} from '../utils/document-search';
import { DocumentFilters } from './document-filters';
import { DocumentCards, DocumentTable } from './document-results';
import classes from './documents.module.css';
import { VersionHistory } from './version-history';

export const NO_DOCUMENTS_MESSAGE = '条件に合う帳票はありません。';
const LOAD_ERROR_MESSAGE = '帳票を読み込めませんでした。時間をおいて再度お試しください。';
const DOWNLOAD_ERROR_MESSAGE = 'ダウンロードできませんでした。時間をおいて再度お試しください。';

/** The server's Japanese sentence of a refused request, else a general one. */
const messageOf = (error: unknown, fallback: string) =>
  refusalMessage(error, {
    fallback,
    forbidden: 'この帳票を表示する権限がありません。',
    serverSays: [404, 410],
  });

const SORT_OPTIONS: { value: string; label: string }[] = [
  { value: 'date:desc', label: '取引年月日（降順）' },
  { value: 'date:asc', label: '取引年月日（昇順）' },
  { value: 'amount:desc', label: '金額（降順）' },
  { value: 'amount:asc', label: '金額（昇順）' },
  { value: 'number:asc', label: '番号（昇順）' },
  { value: 'number:desc', label: '番号（降順）' },
];

/**
 * 帳票一覧 (docs/decisions/030): the invoices, shipping notices and delivery slips of the
 * customer in view — staff choose one, everybody else sees the customer they signed in for —
 * searchable by the 電子帳簿保存法 keys, 100 a page (a table on a desktop, cards on a phone),
 * each downloadable in its latest or any earlier version.
 */
export function DocumentsPage() {
  usePageTitle(paths.documents.pageName);
  const isDesktop = useIsDesktop();
  const { userInfo } = useSession();
  const staff = userInfo !== null && isStaff(userInfo);
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readDocumentSearch(params), [params]);
  const customerCode = staff
    ? /^\d+$/.test(search.customer)
      ? Number(search.customer)
      : null
    : (userInfo?.customerCode ?? null);
  const documents = useDocuments(search, customerCode);
  const download = useDownloadDocument(userInfo?.userName ?? '');
  const [pending, setPending] = useState<{ id: number; version: number | null } | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [history, setHistory] = useState<DocumentListItem | null>(null);
  const zip = useDownloadDocumentZip();

  /** The zip of every document the search in force finds (its latest versions, index.csv). */
  const runZip = async () => {
    if (customerCode === null) return;
    setDownloadError(null);
    try {
      await zip.mutateAsync(documentFilterQuery(search, customerCode));
    } catch (error) {
      setDownloadError(messageOf(error, DOWNLOAD_ERROR_MESSAGE));
    }
  };

  const go = (next: DocumentSearch) => setParams(documentSearchParams(next));

  const runDownload = async (item: DocumentListItem, version?: number) => {
    setPending({ id: item.id, version: version ?? null });
    setDownloadError(null);
    try {
      await download.mutateAsync({ id: item.id, ...(version !== undefined ? { version } : {}) });
    } catch (error) {
      setDownloadError(messageOf(error, DOWNLOAD_ERROR_MESSAGE));
    } finally {
      setPending(null);
    }
  };

  const data = documents.data;
  const actions = {
    onDownload: (item: DocumentListItem) => void runDownload(item),
    onHistory: setHistory,
    pendingId: pending && pending.version === null ? pending.id : null,
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {paths.documents.pageName}
      </Title>

      {staff && (
        <CustomerChoice
          value={customerCode}
          onChange={(code) => go({ ...search, customer: String(code), page: 1 })}
          loadErrorMessage="取引先の一覧を読み込めませんでした。"
          w={{ base: '100%', sm: 360 }}
          withinPortal
        />
      )}

      <DocumentFilters search={search} onSearch={go} isDesktop={isDesktop} />

      {downloadError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {downloadError}
        </Alert>
      )}

      <ResultsShell
        prompt={customerCode === null ? '取引先を選択してください。' : null}
        state={resultsState(documents)}
        errorMessage={messageOf(documents.error, LOAD_ERROR_MESSAGE)}
        emptyMessage={NO_DOCUMENTS_MESSAGE}
        header={
          data && (
            <Group justify="space-between" align="end" className={classes.toolbar} wrap="wrap">
              <Group gap="sm" align="center">
                <Text size="sm" role="status">
                  {countLine(data.total, data.page, DOCUMENT_PAGE_SIZE, data.items.length)}
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  leftSection={<IconFileZip size={14} aria-hidden="true" />}
                  loading={zip.isPending}
                  onClick={() => void runZip()}
                >
                  絞り込んだ帳票をZIPでダウンロード
                </Button>
              </Group>
              <NativeSelect
                label="並び順"
                data={SORT_OPTIONS}
                value={`${search.sort}:${search.order}`}
                onChange={(event) => {
                  const [sort, order] = event.currentTarget.value.split(':') as [
                    DocumentSort,
                    'asc' | 'desc',
                  ];
                  go({ ...search, sort, order, page: 1 });
                }}
                w={{ base: '100%', sm: 240 }}
              />
            </Group>
          )
        }
        pager={
          data && (
            <ResultsPager
              page={data.page}
              pages={Math.max(1, Math.ceil(data.total / DOCUMENT_PAGE_SIZE))}
              onChange={(page) => go({ ...search, page })}
              isDesktop={isDesktop}
              scrollToTop
            />
          )
        }
      >
        {data &&
          (isDesktop ? (
            <DocumentTable
              items={data.items}
              receiptsVisible={data.receipts_visible}
              actions={actions}
            />
          ) : (
            <DocumentCards
              items={data.items}
              receiptsVisible={data.receipts_visible}
              actions={actions}
            />
          ))}
      </ResultsShell>

      <VersionHistory
        item={history}
        onClose={() => setHistory(null)}
        onDownload={(item, version) => void runDownload(item, version)}
        pendingVersion={pending && pending.version !== null ? pending.version : null}
      />
    </Stack>
  );
}
