import { ActionIcon, Menu, VisuallyHidden } from '@mantine/core';
import { IconDotsVertical, IconExternalLink } from '@tabler/icons-react';

const NEW_TAB_NOTE = '（新しいタブで開きます）';

/** The public header's menu of the maker's pages on a phone (loaded lazily by PublicHeader). */
export default function CompanyPagesMenu({ pages }: { pages: { url: string; label: string }[] }) {
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="企業サイト">
          <IconDotsVertical size={20} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {pages.map((page) => (
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
  );
}
