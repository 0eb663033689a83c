import type { Account, AccountCustomer } from '@domain/api/account';
import { Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useUpdateNotifications } from '../api/update-notifications';
import { AccountSection } from './account-section';

/** The mails a person turns on or off per customer code, as the account answer names them. */
export type MailSetting = 'shipment_mail' | 'invoice_mail' | 'inquiry_mail';

interface MailSettingTexts {
  title: string;
  description: string;
  on: (code: number) => string;
  off: (code: number) => string;
  failed: string;
}

export const NOTIFICATION_TEXTS: Record<MailSetting, MailSettingTexts> = {
  shipment_mail: {
    title: '出荷通知メール',
    description: '取引先コードごとに、出荷のお知らせメールを受け取るかどうかを設定できます。',
    on: (code) => `取引先コード ${code} の出荷通知をオンにしました。`,
    off: (code) => `取引先コード ${code} の出荷通知をオフにしました。`,
    failed: '出荷通知の設定を保存できませんでした。時間をおいて再度お試しください。',
  },
  invoice_mail: {
    title: '請求書発行メール',
    description:
      '取引先コードごとに、請求書が発行・再発行されたときにお知らせメールを受け取るかどうかを設定できます。一度の発行分を1通のメールでお知らせします。',
    on: (code) => `取引先コード ${code} の請求書発行メールをオンにしました。`,
    off: (code) => `取引先コード ${code} の請求書発行メールをオフにしました。`,
    failed: '請求書発行メールの設定を保存できませんでした。時間をおいて再度お試しください。',
  },
  inquiry_mail: {
    title: 'お問い合わせメール',
    description:
      '取引先コードごとに、お問い合わせに回答があったときや状態が変わったときにメールを受け取るかどうかを設定できます。',
    on: (code) => `取引先コード ${code} のお問い合わせメールをオンにしました。`,
    off: (code) => `取引先コード ${code} のお問い合わせメールをオフにしました。`,
    failed: 'お問い合わせメールの設定を保存できませんでした。時間をおいて再度お試しください。',
  },
};

/** The mail settings in the order the page shows them. */
export const MAIL_SETTINGS: readonly MailSetting[] = [
  'shipment_mail',
  'invoice_mail',
  'inquiry_mail',
];

/** One kind of mail on or off, per customer code the person holds. */
export function NotificationsSection({
  account,
  setting,
}: {
  account: Account;
  setting: MailSetting;
}) {
  const texts = NOTIFICATION_TEXTS[setting];
  const update = useUpdateNotifications();
  // The code being saved: its switch waits; the others stay usable.
  const [saving, setSaving] = useState<number | null>(null);

  const toggle = (customerCode: number, on: boolean) => {
    setSaving(customerCode);
    update.mutate(
      { notifications: [{ customer_code: customerCode, [setting]: on }] },
      {
        onSuccess: () => showSuccessToast(on ? texts.on(customerCode) : texts.off(customerCode)),
        onError: () => showErrorToast(texts.failed),
        onSettled: () => setSaving(null),
      },
    );
  };

  return (
    <AccountSection title={texts.title} description={texts.description}>
      <Stack gap="sm">
        {account.customers.map((customer: AccountCustomer) => (
          <Switch
            key={customer.customer_code}
            size="md"
            label={`${customer.customer_code}: ${customer.customer_name}`}
            description={customer[setting] ? '受け取る' : '受け取らない'}
            checked={customer[setting]}
            disabled={saving === customer.customer_code}
            onChange={(event) => toggle(customer.customer_code, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </AccountSection>
  );
}
