import { INQUIRY_COUNT_CAP, INQUIRY_PAGE_SIZE } from '@domain/inquiry';
import { isStaff } from '@domain/user-type';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageNumbers } from '../../../components/navigation/page-numbers';
import { paths } from '../../../config/paths';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSession } from '../../../lib/session';
import { useInquiryStaff } from '../api/assign-inquiry';
import { type InquirySearch, useInquiries } from '../api/list-inquiries';
import { messageOfError } from '../utils/read-files';
import { AskInquiryForm } from './ask-inquiry-form';
import { InquiryFilters } from './inquiry-filters';
import { InquiryCards, InquiryTable } from './inquiry-list';
import { InquiryThreadView } from './inquiry-thread';

const FILTER_KEYS = [
  'state',
  'category',
  'customer_code',
  'from',
  'to',
  'assigned',
  'keyword',
] as const;

function readSearch(params: URLSearchParams): InquirySearch {
  const search = { page: Math.max(1, Number(params.get('page')) || 1) } as InquirySearch;
  for (const key of FILTER_KEYS) search[key] = params.get(key) ?? '';
  return search;
}

function paramsOf(search: InquirySearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (search[key] !== '') params.set(key, search[key]);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

function InquiryListView({ staff }: { staff: boolean }) {
  const isDesktop = useIsDesktop();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readSearch(params), [params]);
  const list = useInquiries(search);
  const staffMembers = useInquiryStaff(staff);
  const go = (next: InquirySearch) => setParams(paramsOf(next));
  return (
    <Stack gap="md">
      <InquiryFilters
        search={search}
        staff={staff}
        staffMembers={staffMembers.data ?? []}
        onSearch={go}
        isDesktop={isDesktop}
      />
      {list.isPending ? (
        <Loader aria-label="読み込み中" />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {messageOfError(list.error, 'お問い合わせを読み込めませんでした。')}
        </Alert>
      ) : list.data.inquiries.length === 0 ? (
        <Text>条件に合うお問い合わせはありません。</Text>
      ) : (
        <>
          <Text size="sm">
            {list.data.total > INQUIRY_COUNT_CAP
              ? `${INQUIRY_COUNT_CAP.toLocaleString('ja-JP')}件以上`
              : `${list.data.total.toLocaleString('ja-JP')}件`}
          </Text>
          {isDesktop ? (
            <InquiryTable inquiries={list.data.inquiries} />
          ) : (
            <InquiryCards inquiries={list.data.inquiries} />
          )}
          <PageNumbers
            page={search.page}
            total={Math.ceil(Math.min(list.data.total, INQUIRY_COUNT_CAP) / INQUIRY_PAGE_SIZE)}
            onChange={(page) => go({ ...search, page })}
            compact={!isDesktop}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * お問い合わせ (docs/decisions/032): the requests the caller may see (a table on a desktop,
 * cards on a phone), one request's thread (/inquiries/:id), and the form the order detail's
 * 「この注文について問い合わせる」 opens (/inquiries/new?line=…).
 */
export function InquiriesPage() {
  usePageTitle(paths.inquiries.pageName);
  const { id } = useParams();
  const { userInfo } = useSession();
  const staff = userInfo !== null && isStaff(userInfo);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {paths.inquiries.pageName}
      </Title>
      {id === 'new' ? (
        <AskInquiryForm />
      ) : id !== undefined && /^\d+$/.test(id) ? (
        <InquiryThreadView id={Number(id)} staff={staff} />
      ) : (
        <InquiryListView staff={staff} />
      )}
    </Stack>
  );
}
