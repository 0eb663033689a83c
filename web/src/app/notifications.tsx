import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** The toasts' container, loaded lazily by AppProviders (decision 013). */
export default function AppNotifications() {
  return <Notifications position="bottom-right" />;
}
