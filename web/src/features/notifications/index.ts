/** The inbox of issue 38: the bell in the top navigation, the inbox page, and the Watch toggle of Task Details. */
export { NotificationBell } from './components/notification-bell';
export { Inbox } from './components/inbox';
export { WatchToggle } from './components/watch-toggle';
export { notificationsChanged, NOTIFICATIONS_KEY, UNREAD_COUNT_KEY } from './notifications.queries';
