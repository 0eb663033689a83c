import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAppConfig } from '../../lib/app-config';
import classes from './brand-logo.module.css';

/** A roof over a solar module: the maker's two product lines. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className={classes.mark}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="6" className={classes.markTile} />
      <path
        d="M5 17 16 8l11 9"
        fill="none"
        className={classes.markRoof}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M9 20h14v5H9z" className={classes.markPanel} />
    </svg>
  );
}

/**
 * Product mark and name (config webTitle), linking to the given screen. A configured logo
 * (LOGO_URL) takes the mark's place, at the mark's height; the name beside it names the link.
 */
export function BrandLogo({
  to,
  inverted = false,
  showName = true,
}: {
  to: string;
  /** White text for the navy app header. */
  inverted?: boolean;
  showName?: boolean;
}) {
  const { webTitle, logoUrl } = useAppConfig();
  return (
    <Link
      to={to}
      className={classes.logo}
      data-inverted={inverted || undefined}
      data-mark-only={!showName || undefined}
      aria-label={showName ? undefined : webTitle}
    >
      <Group gap={10} wrap="nowrap">
        {logoUrl ? (
          <img src={logoUrl} alt="" height={32} className={classes.logoImage} />
        ) : (
          <BrandMark />
        )}
        {showName && (
          <Text component="span" className={classes.name}>
            {webTitle}
          </Text>
        )}
      </Group>
    </Link>
  );
}
