import type { Account } from '@domain/api/account';
import { Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useUpdateNotifications } from '../api/update-notifications';
import { AccountSection } from './account-section';

export const NOTIFICATION_TEXTS = {
  description: '取引先コードごとに、出荷のお知らせメールを受け取るかどうかを設定できます。',
  on: (code: number) => `取引先コード ${code} の出荷通知をオンにしました。`,
  off: (code: number) => `取引先コード ${code} の出荷通知をオフにしました。`,
  failed: '出荷通知の設定を保存できませんでした。時間をおいて再度お試しください。',
} as const;

/** Shipment notification mails on or off, per customer code the person holds (on by default). */
export function NotificationsSection({ account }: { account: Account }) {
  const update = useUpdateNotifications();
  // The code being saved: its switch waits; the others stay usable.
  const [saving, setSaving] = useState<number | null>(null);

  const toggle = (customerCode: number, on: boolean) => {
    setSaving(customerCode);
    update.mutate(
      { notifications: [{ customer_code: customerCode, shipment_mail: on }] },
      {
        onSuccess: () =>
          showSuccessToast(
            on ? NOTIFICATION_TEXTS.on(customerCode) : NOTIFICATION_TEXTS.off(customerCode),
          ),
        onError: () => showErrorToast(NOTIFICATION_TEXTS.failed),
        onSettled: () => setSaving(null),
      },
    );
  };

  return (
    <AccountSection title="出荷通知メール" description={NOTIFICATION_TEXTS.description}>
      <Stack gap="sm">
        {account.customers.map((customer) => (
          <Switch
            key={customer.customer_code}
            size="md"
            label={`${customer.customer_code}: ${customer.customer_name}`}
            description={customer.shipment_mail ? '受け取る' : '受け取らない'}
            checked={customer.shipment_mail}
            disabled={saving === customer.customer_code}
            onChange={(event) => toggle(customer.customer_code, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </AccountSection>
  );
}
