import { Anchor, Group, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { paths } from '../../config/paths';
import { useIsDesktop } from '../../hooks/use-is-desktop';
import { useAppConfig } from '../../lib/app-config';
import { useHydrated } from '../../lib/server-rendering';
import { BrandLogo } from './brand-logo';
import classes from './public-header.module.css';

const NEW_TAB_NOTE = '（新しいタブで開きます）';

const CompanyPagesMenu = lazy(() => import('./company-pages-menu'));

/** Header of the public screens, linking to the maker's own pages (config companyPages). */
export function PublicHeader() {
  const { companyPages } = useAppConfig();
  const isDesktop = useIsDesktop();
  // The server does not know the viewport: its HTML has both layouts' links, and the styles show
  // the one that fits until the browser has taken the page over (decision 019).
  const hydrated = useHydrated();

  return (
    <header className={classes.header}>
      <Group h="100%" px={{ base: 'md', sm: 'xl' }} justify="space-between" wrap="nowrap">
        <BrandLogo to={paths.login.path} />
        {companyPages.length > 0 && (!hydrated || isDesktop) && (
          <Group
            component="nav"
            aria-label="企業サイト"
            gap="lg"
            wrap="nowrap"
            className={hydrated ? undefined : classes.desktopOnly}
          >
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
        )}
        {companyPages.length > 0 &&
          (!hydrated ? (
            <span className={`${classes.menuPlaceholder} ${classes.phoneOnly}`} />
          ) : (
            !isDesktop && (
              // The phone's menu (Mantine's Menu and its floating code) loads on its own, after
              // the screen (decision 013); a box of the button's size holds its place meanwhile.
              <Suspense fallback={<span className={classes.menuPlaceholder} />}>
                <CompanyPagesMenu pages={companyPages} />
              </Suspense>
            )
          ))}
      </Group>
    </header>
  );
}
