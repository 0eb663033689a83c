import type { Notice } from '@domain/api/top-content';
import { Alert, Anchor, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { AccessErrorAlertText } from '../../../components/feedback/access-error-dialog';
import { PhrasedText } from '../../../components/text/phrased-text';
import { useTopNotices } from '../api/get-notices';
import classes from './top-page.module.css';

const dateFormat = new Intl.DateTimeFormat('ja-JP', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** docs/product.md §2: the date of a notice from display_at in ja-JP format, e.g. 2026/11/20. */
export function formatNoticeDate(displayAt: string): string {
  return dateFormat.format(new Date(displayAt));
}

function NoticeItem({ notice }: { notice: Notice }) {
  return (
    <li className={classes.noticeItem}>
      <Text component="time" dateTime={notice.display_at} size="sm" c="dimmed">
        {formatNoticeDate(notice.display_at)}
      </Text>
      {notice.url ? (
        <Anchor href={notice.url} target="_blank" rel="noopener noreferrer" size="sm">
          <PhrasedText text={notice.title} />
          <IconExternalLink
            size={14}
            aria-hidden="true"
            style={{ marginLeft: 4, verticalAlign: 'middle' }}
          />
          <VisuallyHidden>（新しいタブで開きます）</VisuallyHidden>
        </Anchor>
      ) : (
        <Text size="sm">
          <PhrasedText text={notice.title} />
        </Text>
      )}
    </li>
  );
}

/** docs/product.md §2 Top page: the "PICK UP!" list of notices. */
export function NoticeList() {
  const notices = useTopNotices();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="pick-up">
      <Title order={2} size="h3" id="pick-up" className={classes.pickUp} mb="xs">
        PICK UP!
      </Title>
      {notices.isPending && (
        <Stack gap="sm" aria-busy="true" aria-label="読み込み中">
          <Skeleton height={18} />
          <Skeleton height={18} />
          <Skeleton height={18} width="70%" />
        </Stack>
      )}
      {notices.isError && (
        <Alert color="red" variant="light">
          <AccessErrorAlertText />
        </Alert>
      )}
      {notices.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          現在お知らせはありません。
        </Text>
      )}
      {notices.data && notices.data.length > 0 && (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {notices.data.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
