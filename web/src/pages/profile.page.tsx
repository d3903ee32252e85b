import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useAuth } from '../features/auth';
import { AccountActionsCard, ApiTokensCard, CalendarFeedCard, CurrentPlanCard, NotificationEmailCard, PersonalInfoCard } from '../features/profile';

/** /profile; only routed for signed-in users, so the user is there. */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <Link to="/" className={buttonClasses('ghost', 'sm', '-ml-3')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Projects
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Profile Settings</h1>
      <CurrentPlanCard user={user} />
      <PersonalInfoCard user={user} />
      <NotificationEmailCard />
      <CalendarFeedCard />
      <ApiTokensCard />
      <AccountActionsCard />
    </main>
  );
}
