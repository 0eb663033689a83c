import { ActionIcon, Anchor, Breadcrumbs, Menu, Text } from '@mantine/core';
import { IconChevronRight, IconDots, IconFolder } from '@tabler/icons-react';
import type { Ref } from 'react';
import { Link, type To } from 'react-router';
import { folderLevels } from '../utils/shared-files-location';
import classes from './shared-files.module.css';

export const EARLIER_LEVELS_LABEL = '上の階層';

/**
 * docs/product.md §2 Shared files: the folders from すべてのファイル down to the current one. Only the last
 * `visibleLevels` show (3 on a desktop, 1 on a phone); the earlier ones sit in a menu.
 */
export function FolderBreadcrumb({
  folder,
  visibleLevels,
  linkTo,
  currentRef,
}: {
  folder: string;
  visibleLevels: number;
  linkTo: (folder: string) => To;
  /** The current level, focused after a move so that keyboard users land in the new folder. */
  currentRef?: Ref<HTMLSpanElement>;
}) {
  const levels = folderLevels(folder);
  const earlier = levels.slice(0, Math.max(0, levels.length - visibleLevels));
  const shown = levels.slice(earlier.length);

  const items = shown.map((level, index) =>
    index === shown.length - 1 ? (
      <Text
        key={level.folder}
        component="span"
        ref={currentRef}
        tabIndex={-1}
        aria-current="page"
        fw={700}
        className={classes.crumbCurrent}
        title={level.name}
      >
        {level.name}
      </Text>
    ) : (
      <Anchor
        key={level.folder}
        component={Link}
        to={linkTo(level.folder)}
        className={classes.crumbLink}
        title={level.name}
      >
        {level.name}
      </Anchor>
    ),
  );

  return (
    <nav aria-label="フォルダの階層">
      <Breadcrumbs
        separator={<IconChevronRight size={14} aria-hidden="true" />}
        separatorMargin={6}
        className={classes.breadcrumbs}
      >
        {earlier.length > 0 && (
          <Menu key="earlier" position="bottom-start" shadow="md" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="light"
                color="gray"
                size="md"
                aria-label={EARLIER_LEVELS_LABEL}
                title={EARLIER_LEVELS_LABEL}
              >
                <IconDots size={18} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{EARLIER_LEVELS_LABEL}</Menu.Label>
              {earlier.map((level) => (
                <Menu.Item
                  key={level.folder}
                  component={Link}
                  to={linkTo(level.folder)}
                  leftSection={<IconFolder size={16} aria-hidden="true" />}
                >
                  {level.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {items}
      </Breadcrumbs>
    </nav>
  );
}
