import { Stack, Title } from '@mantine/core';
import { UnsavedChangesGuard } from '../../../components/edit-rows/unsaved-changes';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { BannerEditor } from './banner-editor';
import { NoticeEditor } from './notice-editor';

/** docs/product.md §2 Edit top page (staff only): the notice and banner tables. */
export function EditTopPage() {
  usePageTitle(paths.editTop.pageName);
  return (
    <UnsavedChangesGuard>
      <Stack gap="xl">
        <Title order={1} size="h2">
          {paths.editTop.pageName}
        </Title>
        <NoticeEditor />
        <BannerEditor />
      </Stack>
    </UnsavedChangesGuard>
  );
}
