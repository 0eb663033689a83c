import { isStaff } from '@domain/user-type';
import { Button, Text, UnstyledButton } from '@mantine/core';
import { IconSelector, IconSwitchHorizontal } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../lib/session';
import classes from './app-header.module.css';

// The dialog's code (the names of the customers, the user record of the one chosen) loads when it
// is first opened, not with every screen (decision 013, size budgets).
const CustomerSwitchDialog = lazy(() => import('./customer-switch-dialog'));

export const SWITCH_CUSTOMER_LABEL = '取引先を切り替える';

/**
 * Whether the signed-in person holds two or more customer codes and may switch between them
 * without signing out (the tenant screen's choice, docs/product.md §2). Staff choose a customer on
 * each screen instead.
 */
export function useCanSwitchCustomer(): boolean {
  const { userInfo, customerCodeList } = useSession();
  return userInfo !== null && !isStaff(userInfo) && customerCodeList.length >= 2;
}

/**
 * The way to another of the person's customers: on a desktop the header's customer name is the
 * button (`header`); on a phone an entry of the menu behind the hamburger (`menu`).
 */
export function CustomerSwitch({
  variant,
  shownName = '',
}: {
  variant: 'header' | 'menu';
  /** The header's text: the customer name with its honorific. */
  shownName?: string;
}) {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const canSwitch = useCanSwitchCustomer();
  if (!canSwitch) return null;
  const open = () => {
    setUsed(true);
    setOpened(true);
  };
  const dialog = used && (
    <Suspense fallback={null}>
      <CustomerSwitchDialog opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
  if (variant === 'header') {
    return (
      <>
        <UnstyledButton
          className={classes.switch}
          onClick={open}
          aria-haspopup="dialog"
          aria-label={`${shownName} ${SWITCH_CUSTOMER_LABEL}`}
          title={SWITCH_CUSTOMER_LABEL}
        >
          <Text className={classes.customer} truncate="end" span>
            {shownName}
          </Text>
          <IconSelector size={18} aria-hidden="true" />
        </UnstyledButton>
        {dialog}
      </>
    );
  }
  return (
    <>
      <Button
        variant="light"
        fullWidth
        justify="flex-start"
        leftSection={<IconSwitchHorizontal size={20} stroke={1.7} aria-hidden="true" />}
        onClick={open}
        aria-haspopup="dialog"
        mb="sm"
      >
        {SWITCH_CUSTOMER_LABEL}
      </Button>
      {dialog}
    </>
  );
}
