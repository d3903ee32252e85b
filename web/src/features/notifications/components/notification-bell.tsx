import { Bell } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../../lib/cn';
import { useUnreadCount } from '../notifications.queries';

const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/** The top navigation's bell: opens the inbox; its badge counts unread notifications, updated live. */
export function NotificationBell() {
  const unread = useUnreadCount();
  const here = useLocation().pathname === '/inbox';
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to="/inbox"
      aria-label={label}
      aria-current={here ? 'page' : undefined}
      className={cn(
        'relative inline-flex h-9 w-9 items-center justify-center rounded-md transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
        here ? 'bg-blue-50 text-blue-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <Bell aria-hidden="true" className="h-5 w-5" />
      {unread ? (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
