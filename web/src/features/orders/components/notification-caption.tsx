import { Alert, Button, Group, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { OrdersPageState } from '../hooks/use-orders-page';

/** The caption of the orders screen opened from a shipment notification mail (docs/decisions/014). */
export function shipmentNotificationCaption(count: number | null): string {
  return count === null
    ? '出荷通知メールの明細を表示しています'
    : `出荷通知メールの明細（${count}件）を表示しています`;
}

/**
 * Shown while the screen shows a shipment notification's lines (the mail's link): says so, with
 * the count, and a button back to the search of the conditions shown.
 */
export function NotificationCaption({ page }: { page: OrdersPageState }) {
  if (page.notificationId === null) return null;
  const { counted, total } = page.results;
  return (
    <Alert
      variant="light"
      color="teal"
      icon={<IconTruckDelivery size={20} aria-hidden="true" />}
      data-testid="shipment-notification-caption"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600}>
          {shipmentNotificationCaption(counted ? total : null)}
        </Text>
        <Button size="xs" variant="default" onClick={page.clearNotification}>
          すべての明細を表示
        </Button>
      </Group>
    </Alert>
  );
}
