import { Stack, Title } from '@mantine/core';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useTopBanners } from '../api/get-banners';
import { useTopDrawings } from '../api/get-drawings';
import { useTopNotices } from '../api/get-notices';
import { BannerArea } from './banner-area';
import { NoticeList } from './notice-list';

/** docs/product.md §2 Top page: the "PICK UP!" notices and the banner area. */
export function TopPage() {
  usePageTitle(paths.top.pageName);
  // All are asked for at once; the banner area shows once the notices are in (or failed), so the
  // list growing from its placeholder to up to ten notices never pushes the tiles down under a
  // reader's eyes or finger (the layout shift Lighthouse measured on a phone), and once
  // the drawings tile has its password, which would otherwise push the tiles below it.
  const notices = useTopNotices();
  useTopBanners();
  const drawings = useTopDrawings();
  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        {paths.top.pageName}
      </Title>
      <NoticeList />
      {!notices.isPending && !drawings.isPending && <BannerArea />}
    </Stack>
  );
}
