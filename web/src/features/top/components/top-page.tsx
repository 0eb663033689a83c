import { Stack, Title } from '@mantine/core';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { BannerArea } from './banner-area';
import { NoticeList } from './notice-list';

/** docs/product.md §2 Top page: the "PICK UP!" notices and the banner area. */
export function TopPage() {
  usePageTitle(paths.top.pageName);
  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        {paths.top.pageName}
      </Title>
      <NoticeList />
      <BannerArea />
    </Stack>
  );
}
