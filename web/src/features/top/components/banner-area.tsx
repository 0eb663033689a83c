import type { Banner } from '@domain/api/top-content';
import { TOP_BANNER_DESKTOP_MAX } from '@domain/constants';
import {
  Alert,
  Anchor,
  AspectRatio,
  Badge,
  Center,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuilding, IconCalculator, IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { AccessErrorAlertText } from '../../../components/feedback/access-error-dialog';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { useAppConfig } from '../../../lib/app-config';
import { useTopBanners } from '../api/get-banners';
import { useTopDrawings } from '../api/get-drawings';
import classes from './top-page.module.css';

const NEW_TAB = '（新しいタブで開きます）';

/** The banner images have this shape (640 × 240); the tiles share it so the grid stays even. */
const TILE_RATIO = 8 / 3;

/**
 * The drawings site and its password, from the API (GET /api/v1/top/drawings): they are for
 * signed-in people, so not in the page's configuration, which anyone can read.
 */
function DrawingsTile() {
  const drawings = useTopDrawings();
  const title = '図面・防火認定書';
  return (
    <Paper withBorder p="md" className={classes.tile}>
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} variant="light" aria-hidden="true">
            <IconFileCertificate size={22} stroke={1.6} />
          </ThemeIcon>
          {drawings.data ? (
            <Anchor href={drawings.data.url} target="_blank" rel="noopener noreferrer" fw={700}>
              {title}
              <VisuallyHidden>{NEW_TAB}</VisuallyHidden>
            </Anchor>
          ) : (
            <Text fw={700}>{title}</Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          製品図面と防火認定書をダウンロードできます。
        </Text>
        {drawings.data && (
          <Text size="sm">
            パスワード: <Code fz="sm">{drawings.data.password}</Code>
          </Text>
        )}
        {drawings.isError && <AccessErrorAlertText />}
      </Stack>
    </Paper>
  );
}

/** docs/product.md §2: the metal-fittings calculation page is "in preparation": shown, not clickable. */
function FittingsCalculationTile() {
  return (
    <Paper withBorder p="md" className={`${classes.tile} ${classes.tileDisabled}`}>
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} variant="light" color="gray" aria-hidden="true">
            <IconCalculator size={22} stroke={1.6} />
          </ThemeIcon>
          <Text fw={700} c="dimmed">
            金具計算
          </Text>
          <Badge color="gray" variant="outline">
            準備中
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          金具の必要数を計算するページを準備しています。
        </Text>
      </Stack>
    </Paper>
  );
}

function CompanyHomeTile() {
  const { companyHomeUrl } = useAppConfig();
  return (
    <Paper withBorder p="md" className={classes.tile}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={36} variant="light" aria-hidden="true">
          <IconBuilding size={22} stroke={1.6} />
        </ThemeIcon>
        <Anchor href={companyHomeUrl} target="_blank" rel="noopener noreferrer" fw={700}>
          会社ホームページ
          <VisuallyHidden>{NEW_TAB}</VisuallyHidden>
        </Anchor>
      </Group>
    </Paper>
  );
}

function BannerTile({ banner }: { banner: Banner }) {
  // An image that does not load (moved, mistyped) leaves a tile with the banner's text instead
  // of the browser's broken-image icon.
  const [broken, setBroken] = useState(false);
  const image = broken ? (
    <Center className={classes.bannerFallback}>
      <Text fw={700} ta="center" lineClamp={3}>
        {banner.explanation}
      </Text>
    </Center>
  ) : (
    <img
      src={banner.image_url}
      alt={banner.explanation}
      className={classes.bannerImage}
      onError={() => setBroken(true)}
    />
  );
  return (
    <AspectRatio ratio={TILE_RATIO}>
      {banner.destination_url ? (
        <a
          href={banner.destination_url}
          target="_blank"
          rel="noopener noreferrer"
          className={classes.bannerLink}
        >
          {image}
          <VisuallyHidden>{NEW_TAB}</VisuallyHidden>
        </a>
      ) : (
        image
      )}
    </AspectRatio>
  );
}

/**
 * docs/product.md §2 Top page: the two fixed tiles, then the banners (a desktop shows at most 4), or the
 * company-home tile when there are none.
 */
export function BannerArea() {
  const banners = useTopBanners();
  const isDesktop = useIsDesktop();
  const shown = isDesktop ? banners.data?.slice(0, TOP_BANNER_DESKTOP_MAX) : banners.data;
  return (
    <section aria-labelledby="top-banners">
      <Title order={2} size="h4" id="top-banners" mb="sm">
        ご案内
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DrawingsTile />
        <FittingsCalculationTile />
        {banners.isPending && (
          <AspectRatio ratio={TILE_RATIO}>
            <Skeleton aria-label="読み込み中" />
          </AspectRatio>
        )}
        {shown?.map((banner) => (
          <BannerTile key={banner.id} banner={banner} />
        ))}
        {shown?.length === 0 && <CompanyHomeTile />}
      </SimpleGrid>
      {banners.isError && (
        <Alert color="red" variant="light" mt="md">
          <AccessErrorAlertText />
        </Alert>
      )}
    </section>
  );
}
