import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAccount } from '../api/get-account';
import { MAIL_SETTINGS, NotificationsSection } from './notifications-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SecondFactorSection } from './second-factor-section';
import { SignInHistorySection } from './sign-in-history-section';

export const ACCOUNT_LOAD_FAILED =
  'アカウント情報を読み込めませんでした。時間をおいて再度お試しください。';

/**
 * /account: the signed-in person's own account, one section per component file —
 * their name and mail, the shipment, invoice and inquiry mails per customer code, the password change and the
 * latest sign-ins.
 */
export function AccountPage() {
  usePageTitle(paths.account.pageName);
  const account = useAccount();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {paths.account.pageName}
      </Title>
      {account.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="読み込み中" />
        </Group>
      ) : account.isError ? (
        <Text c="red.8" role="alert">
          {ACCOUNT_LOAD_FAILED}
        </Text>
      ) : (
        <>
          <ProfileSection account={account.data} />
          {MAIL_SETTINGS.map((setting) => (
            <NotificationsSection key={setting} account={account.data} setting={setting} />
          ))}
        </>
      )}
      <PasswordSection />
      <SecondFactorSection />
      <SignInHistorySection />
    </Stack>
  );
}
