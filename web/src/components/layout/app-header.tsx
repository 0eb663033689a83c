import { isStaff } from '@domain/user-type';
import { Burger, Group, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';
import { paths } from '../../config/paths';
import { useIsDesktop } from '../../hooks/use-is-desktop';
import { useSession } from '../../lib/session';
import { AccountLink } from './account-link';
import classes from './app-header.module.css';
import { BrandLogo } from './brand-logo';
import { CustomerSwitch, useCanSwitchCustomer } from './customer-switch';
import { LogoutButton } from './logout-button';

/**
 * The signed-in header (docs/product.md §2): the customer name with the honorific 様 (not the
 * maker's own name, which staff see), the account page's icon and a logout icon. For someone
 * holding several customer codes the name is the button that switches to another.
 * On a phone it also carries the hamburger of the side navigation and the corporation name.
 */
export function AppHeader({
  navOpened = false,
  onToggleNav,
  burgerRef,
}: {
  navOpened?: boolean;
  /** Omitted where there is no side navigation (the /header screen). */
  onToggleNav?: () => void;
  burgerRef?: Ref<HTMLButtonElement>;
}) {
  const isDesktop = useIsDesktop();
  const { customerName, corporationName, userInfo } = useSession();
  // 様 is for the customer; staff are the maker itself, whose own name takes no honorific.
  const shownName =
    customerName && (userInfo !== null && isStaff(userInfo) ? customerName : `${customerName} 様`);
  // Someone holding several customer codes switches between them here (on a phone: the menu).
  const canSwitch = useCanSwitchCustomer();

  if (isDesktop) {
    return (
      <Group h="100%" px="lg" justify="space-between" wrap="nowrap" className={classes.header}>
        <BrandLogo to={paths.top.path} inverted />
        <Group gap="md" wrap="nowrap" miw={0}>
          {customerName &&
            (canSwitch ? (
              <CustomerSwitch variant="header" shownName={shownName} />
            ) : (
              <Text className={classes.customer} truncate="end">
                {shownName}
              </Text>
            ))}
          <AccountLink />
          <LogoutButton />
        </Group>
      </Group>
    );
  }

  return (
    <Group h="100%" px="xs" gap="xs" wrap="nowrap" className={classes.header}>
      {onToggleNav && (
        <Burger
          ref={burgerRef}
          opened={navOpened}
          onClick={onToggleNav}
          color="white"
          size="sm"
          aria-label="メニュー"
          aria-expanded={navOpened}
        />
      )}
      <BrandLogo to={paths.top.path} inverted showName={false} />
      <Stack gap={0} className={classes.names}>
        {corporationName && (
          <Text size="xs" className={classes.corporation} truncate="end">
            {corporationName}
          </Text>
        )}
        {customerName && (
          <Text size="sm" fw={700} truncate="end">
            {shownName}
          </Text>
        )}
      </Stack>
      <AccountLink />
      <LogoutButton />
    </Group>
  );
}
