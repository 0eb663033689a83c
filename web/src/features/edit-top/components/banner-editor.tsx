import type { Banner } from '@domain/api/top-content';
import { EDITOR_BANNER_ROWS_MAX } from '@domain/constants';
import { bannerProblems } from '@domain/top-content';
import { Box, Center, Image, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { type EditColumn, textColumn } from '../../../components/edit-rows/edit-columns';
import { useAppConfig } from '../../../lib/app-config';
import { useAddBanner } from '../api/add-banner';
import { useDeleteBanner } from '../api/delete-banner';
import { useEditorBanners } from '../api/get-banners';
import { useUpdateBanner } from '../api/update-banner';
import { ContentEditorSection } from './content-editor-section';
import classes from './edit-top-page.module.css';

type BannerValues = { explanation: string; image_url: string; destination_url: string };

const EMPTY_BANNER: BannerValues = { explanation: '', image_url: '', destination_url: '' };
const toValues = (banner: Banner): BannerValues => ({
  explanation: banner.explanation,
  image_url: banner.image_url,
  destination_url: banner.destination_url,
});
const trimmed = (values: BannerValues): BannerValues => ({
  explanation: values.explanation.trim(),
  image_url: values.image_url.trim(),
  destination_url: values.destination_url.trim(),
});

/** The image of one URL; one that does not load says so, so that a mistyped URL shows here. */
function BannerPreview({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <Center className={classes.previewEmpty}>
        <Text size="xs" c="red.8" ta="center">
          画像を読み込めません
        </Text>
      </Center>
    );
  }
  return <Image src={src} alt={alt} className={classes.preview} onError={() => setBroken(true)} />;
}

/** The banner as the top page will show it, from the image URL being edited. */
const previewColumn: EditColumn<BannerValues> = {
  key: 'preview',
  label: 'プレビュー',
  width: 148,
  render: (row, { hideLabel }) => (
    <Box>
      {!hideLabel && (
        <Text size="sm" fw={500} mb={4}>
          プレビュー
        </Text>
      )}
      {row.values.image_url.trim() !== '' && row.problems.image_url === undefined ? (
        <BannerPreview
          key={row.values.image_url.trim()}
          src={row.values.image_url.trim()}
          alt={`${row.values.explanation || 'バナー'}のプレビュー`}
        />
      ) : (
        <Center className={classes.previewEmpty} aria-hidden="true">
          <IconPhoto size={24} stroke={1.5} />
        </Center>
      )}
    </Box>
  ),
};

const COLUMNS: EditColumn<BannerValues>[] = [
  previewColumn,
  textColumn<BannerValues>('explanation', '説明'),
  textColumn<BannerValues>('image_url', '画像URL', { placeholder: 'https:// または /' }),
  textColumn<BannerValues>('destination_url', 'リンク先URL', {
    type: 'url',
    placeholder: 'https://',
  }),
];

/** docs/product.md §2 Edit top page: the banner table (explanation, image URL, destination URL), 4 rows at most. */
export function BannerEditor() {
  const { urlPrefixes } = useAppConfig();
  const banners = useEditorBanners();
  const add = useAddBanner();
  const update = useUpdateBanner();
  const remove = useDeleteBanner();
  const validate = useCallback(
    (values: BannerValues) => bannerProblems(values, urlPrefixes),
    [urlPrefixes],
  );

  return (
    <ContentEditorSection<Banner, BannerValues>
      heading="バナー"
      description={`トップページのバナーです。最大${EDITOR_BANNER_ROWS_MAX}件まで表示・登録できます。`}
      list={banners}
      emptyValues={EMPTY_BANNER}
      toValues={toValues}
      validate={validate}
      columns={COLUMNS}
      nameOf={(values) => values.explanation}
      newRowLabel="新規のバナー"
      emptyMessage="バナーはありません。"
      maxRows={EDITOR_BANNER_ROWS_MAX}
      save={(id, values) =>
        id === null
          ? add.mutateAsync(trimmed(values))
          : update.mutateAsync({ id, input: trimmed(values) })
      }
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}
