import type { DocumentListItem } from '@domain/api/documents';
import { DOCUMENT_PAGE_SIZE, type DocumentSort } from '@domain/api/documents';
import { isStaff } from '@domain/user-type';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileZip } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAllCustomerCodeList } from '../../../api/get-all-customer-code-list';
import { LazySelect } from '../../../components/form/lazy-select';
import { PageNumbers } from '../../../components/navigation/page-numbers';
import { paths } from '../../../config/paths';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { usePageTitle } from '../../../hooks/use-page-title';
import { isHttpError } from '../../../lib/http';
import { widthFoldingFilter } from '../../../lib/select-filter';
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
function messageOf(error: unknown, fallback: string): string {
  if (isHttpError(error)) {
    const body = error.body as { message?: string; fieldErrors?: { message: string }[] } | null;
    if (error.status === 400) return body?.fieldErrors?.[0]?.message ?? body?.message ?? fallback;
    if (error.status === 403) return 'この帳票を表示する権限がありません。';
    if (error.status === 404 || error.status === 410) return body?.message ?? fallback;
  }
  return fallback;
}

const SORT_OPTIONS: { value: string; label: string }[] = [
  { value: 'date:desc', label: '取引年月日（降順）' },
  { value: 'date:asc', label: '取引年月日（昇順）' },
  { value: 'amount:desc', label: '金額（降順）' },
  { value: 'amount:asc', label: '金額（昇順）' },
  { value: 'number:asc', label: '番号（昇順）' },
  { value: 'number:desc', label: '番号（降順）' },
];

const count = (n: number) => n.toLocaleString('ja-JP');

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
  const customers = useAllCustomerCodeList(staff);
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
  const pages = data ? Math.max(1, Math.ceil(data.total / DOCUMENT_PAGE_SIZE)) : 1;
  const first = data ? (data.page - 1) * DOCUMENT_PAGE_SIZE + 1 : 0;
  const last = data ? first + data.items.length - 1 : 0;
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
        <LazySelect
          label="取引先コード"
          placeholder="取引先コードを選択"
          searchable
          filter={widthFoldingFilter}
          nothingFoundMessage="該当する取引先がありません"
          data={(customers.data ?? []).map((c) => ({
            value: String(c.customer_code),
            label: `${c.customer_code}: ${c.customer_name}`,
          }))}
          value={customerCode === null ? null : String(customerCode)}
          onChange={(value) => {
            if (value) go({ ...search, customer: value, page: 1 });
          }}
          allowDeselect={false}
          w={{ base: '100%', sm: 360 }}
          error={customers.isError ? '取引先の一覧を読み込めませんでした。' : undefined}
          comboboxProps={{ withinPortal: true }}
        />
      )}

      <DocumentFilters search={search} onSearch={go} isDesktop={isDesktop} />

      {downloadError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {downloadError}
        </Alert>
      )}

      {customerCode === null ? (
        <Text role="status">取引先を選択してください。</Text>
      ) : documents.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label="読み込み中" />
        </Group>
      ) : documents.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {messageOf(documents.error, LOAD_ERROR_MESSAGE)}
        </Alert>
      ) : data && data.items.length === 0 ? (
        <Text role="status">{NO_DOCUMENTS_MESSAGE}</Text>
      ) : data ? (
        <>
          <Group justify="space-between" align="end" className={classes.toolbar} wrap="wrap">
            <Group gap="sm" align="center">
              <Text size="sm" role="status">
                全{count(data.total)}件（{count(first)}〜{count(last)}件目）
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
          {isDesktop ? (
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
          )}
          {pages > 1 && (
            <Group justify="center">
              <PageNumbers
                page={data.page}
                total={pages}
                onChange={(page) => {
                  go({ ...search, page });
                  window.scrollTo({ top: 0 });
                }}
                compact={!isDesktop}
              />
            </Group>
          )}
        </>
      ) : null}

      <VersionHistory
        item={history}
        onClose={() => setHistory(null)}
        onDownload={(item, version) => void runDownload(item, version)}
        pendingVersion={pending && pending.version !== null ? pending.version : null}
      />
    </Stack>
  );
}
