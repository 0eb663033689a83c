import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container, loaded lazily by AppProviders (decision 013). At the top centre, over the
 * header, so that a toast never hides the buttons at the right end of a table's rows or at the
 * foot of a phone's card (decision 035).
 */
export default function AppNotifications() {
  return <Notifications position="top-center" />;
}
