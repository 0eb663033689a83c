import type { SharedFileEntry } from '@domain/api/shared-files';
import { PAGE_SIZE } from '@domain/constants';
import { joinSharedPath } from '@domain/shared-path';
import { isStaff } from '@domain/user-type';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFolderOff, IconInfoCircle, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, type To, useNavigate, useSearchParams } from 'react-router';
import { useAllCustomerCodeList } from '../../../api/get-all-customer-code-list';
import { useCustomerBucketName } from '../../../api/get-customer-bucket-name';
import {
  AccessErrorAlertText,
  AccessErrorDialog,
} from '../../../components/feedback/access-error-dialog';
import { CustomerChoice } from '../../../components/form/customer-choice';
import { pageRange, ResultsPager } from '../../../components/results/results-shell';
import { paths } from '../../../config/paths';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useStaffCustomer } from '../../../hooks/use-staff-customer';
import { isHttpError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useSharedFolder } from '../api/get-shared-filename';
import { useDownloadSharedFile } from '../api/get-shared-url';
import {
  readSharedFilesLocation,
  type SharedFilesLocation,
  sharedFilesSearch,
} from '../utils/shared-files-location';
import { CustomerFolderNameForm } from './customer-folder-name-form';
import { FolderBreadcrumb } from './folder-breadcrumb';
import { SharedFileGrid } from './shared-file-grid';
import classes from './shared-files.module.css';

// docs/product.md §2 Shared files, word for word.
export const CHOOSE_CUSTOMER_MESSAGE = '閲覧したい取引先コードを選択してください';
export const NO_FILES_MESSAGE = 'ファイルが存在しません';

/** docs/product.md §2: the last three levels show on a desktop, the last one on a phone. */
const VISIBLE_LEVELS = { desktop: 3, phone: 1 } as const;

function Message({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.message}>
      {icon}
      <Text size="md" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** docs/product.md §2 Shared files: the customer's shared folders (staff: of the customer they choose). */
export function SharedFilesPage() {
  usePageTitle(paths.sharedFiles.pageName);
  const { userInfo } = useSession();
  const staff = userInfo !== null && isStaff(userInfo);
  const isDesktop = useIsDesktop();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const location = readSharedFilesLocation(searchParams);
  const customers = useAllCustomerCodeList(staff);
  // Staff's customer of the other screens when the address names none.
  const staffCustomer = useStaffCustomer({
    staff,
    inAddress: location.customer,
    known: customers.data?.some((c) => c.customer_code === location.customer) ?? false,
    putInAddress: (code) =>
      void navigate(
        {
          pathname: paths.sharedFiles.path,
          search: sharedFilesSearch({ customer: code, folder: '', page: 1 }),
        },
        { replace: true },
      ),
  });
  // docs/product.md §6: everyone but staff sees their own customer only; the URL cannot change that.
  const customerCode = staff ? staffCustomer : (userInfo?.customerCode ?? null);
  const folder = location.folder ?? '';
  const { page } = location;

  const bucket = useCustomerBucketName(customerCode);
  const listing = useSharedFolder(
    bucket.data !== undefined && location.folder !== null
      ? { bucketName: bucket.data, folder, page }
      : null,
  );
  const download = useDownloadSharedFile();
  const [errorOpen, setErrorOpen] = useState(false);

  const placeTo = (place: Partial<SharedFilesLocation>): To => ({
    pathname: paths.sharedFiles.path,
    search: sharedFilesSearch({
      customer: staff ? customerCode : null,
      folder,
      page: 1,
      ...place,
    }),
  });
  const folderLink = (target: string) => placeTo({ folder: target, page: 1 });

  // After moving to another folder or page, focus the current level: keyboard and screen-reader
  // users continue from the new place, and a click at the foot of a long page returns to the top.
  const currentLevel = useRef<HTMLSpanElement>(null);
  const placeKey = `${customerCode}|${folder}|${page}`;
  const shownPlace = useRef(placeKey);
  useEffect(() => {
    if (shownPlace.current === placeKey) return;
    shownPlace.current = placeKey;
    currentLevel.current?.focus();
  }, [placeKey]);

  const data = listing.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const pastTheEnd =
    data !== undefined && !listing.isPlaceholderData && data.total > 0 && data.items.length === 0;
  // A page past the end (the folder shrank, or an edited URL): show the last page instead.
  useEffect(() => {
    if (pastTheEnd) void navigate(placeTo({ page: totalPages }), { replace: true });
  });

  // A folder the server would refuse is not a place: show the root.
  if (location.folder === null) return <Navigate to={placeTo({ folder: '' })} replace />;

  const startDownload = (entry: SharedFileEntry) => {
    if (bucket.data === undefined) return;
    download.mutate(
      { bucketName: bucket.data, folder, fileName: entry.file_name },
      { onError: () => setErrorOpen(true) },
    );
  };

  let content: ReactNode;
  if (customerCode === null) {
    content = (
      <Message icon={<IconSelector size={32} aria-hidden="true" />}>
        {CHOOSE_CUSTOMER_MESSAGE}
      </Message>
    );
  } else if (isHttpError(listing.error, 404)) {
    content = (
      <Message icon={<IconFolderOff size={32} aria-hidden="true" />}>{NO_FILES_MESSAGE}</Message>
    );
  } else if (bucket.isError || listing.isError) {
    content = (
      <Alert color="red" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
        <AccessErrorAlertText />
      </Alert>
    );
  } else if (data === undefined) {
    content = (
      <Group justify="center" py="xl" role="status" aria-label="読み込み中">
        <Loader size="md" />
      </Group>
    );
  } else if (data.total === 0) {
    content = (
      <Message icon={<IconFolderOff size={32} aria-hidden="true" />}>{NO_FILES_MESSAGE}</Message>
    );
  } else {
    const { first, last } = pageRange(data.page, PAGE_SIZE, data.items.length);
    content = (
      <Stack gap="md" className={listing.isPlaceholderData ? classes.pending : undefined}>
        <SharedFileGrid
          entries={data.items}
          iconSize={isDesktop ? 52 : 40}
          folderLink={folderLink}
          onDownload={startDownload}
          downloading={
            download.isPending ? joinSharedPath(folder, download.variables.fileName) : null
          }
        />
        <ResultsPager
          page={page}
          pages={totalPages}
          onChange={(next) => void navigate(placeTo({ page: next }))}
          isDesktop={isDesktop}
          caption={
            <Text size="sm" c="dimmed">
              {data.total}件中 {first}〜{last}件
            </Text>
          }
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {paths.sharedFiles.pageName}
      </Title>
      {staff && (
        <CustomerChoice
          value={customerCode}
          onChange={(code) => void navigate(placeTo({ customer: code, folder: '' }))}
          className={classes.customerSelect}
        />
      )}
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          {customerCode !== null && (
            <FolderBreadcrumb
              folder={folder}
              visibleLevels={isDesktop ? VISIBLE_LEVELS.desktop : VISIBLE_LEVELS.phone}
              linkTo={folderLink}
              currentRef={currentLevel}
            />
          )}
          {content}
        </Stack>
      </Paper>
      {staff && customerCode !== null && (
        // Keyed by customer: another customer starts an empty form.
        <CustomerFolderNameForm key={customerCode} customerCode={customerCode} />
      )}
      <AccessErrorDialog opened={errorOpen} onClose={() => setErrorOpen(false)} />
    </Stack>
  );
}
