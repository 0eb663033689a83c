import { ActionIcon, Anchor, Group, Menu, VisuallyHidden } from '@mantine/core';
import { IconDotsVertical, IconExternalLink } from '@tabler/icons-react';
import { paths } from '../../config/paths';
import { useIsDesktop } from '../../hooks/use-is-desktop';
import { useAppConfig } from '../../lib/app-config';
import { BrandLogo } from './brand-logo';
import classes from './public-header.module.css';

const NEW_TAB_NOTE = '（新しいタブで開きます）';

/** Header of the public screens, linking to the maker's own pages (config companyPages). */
export function PublicHeader() {
  const { companyPages } = useAppConfig();
  const isDesktop = useIsDesktop();

  return (
    <header className={classes.header}>
      <Group h="100%" px={{ base: 'md', sm: 'xl' }} justify="space-between" wrap="nowrap">
        <BrandLogo to={paths.login.path} />
        {companyPages.length > 0 &&
          (isDesktop ? (
            <Group component="nav" aria-label="企業サイト" gap="lg" wrap="nowrap">
              {companyPages.map((page) => (
                <Anchor
                  key={page.url}
                  href={page.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  className={classes.link}
                >
                  {page.label}
                  <IconExternalLink size={14} aria-hidden="true" />
                  <VisuallyHidden>{NEW_TAB_NOTE}</VisuallyHidden>
                </Anchor>
              ))}
            </Group>
          ) : (
            <Menu position="bottom-end" withArrow>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label="企業サイト">
                  <IconDotsVertical size={20} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {companyPages.map((page) => (
                  <Menu.Item
                    key={page.url}
                    component="a"
                    href={page.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    rightSection={<IconExternalLink size={14} aria-hidden="true" />}
                  >
                    {page.label}
                    <VisuallyHidden>{NEW_TAB_NOTE}</VisuallyHidden>
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ))}
      </Group>
    </header>
  );
}
