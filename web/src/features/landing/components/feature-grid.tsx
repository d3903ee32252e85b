import { CalendarRange, Headset, ListChecks, UserCog } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

const ITEMS: readonly { title: string; text: string; icon: LucideIcon }[] = [
  { title: 'Timeline Management', text: 'Two-week, monthly and quarterly views with a today marker.', icon: CalendarRange },
  { title: 'Task Tracking', text: 'Status, priority, progress, assignees and a full change history.', icon: ListChecks },
  { title: 'Team Management', text: 'Invite links, team codes, join requests and member roles.', icon: UserCog },
  { title: 'Premium Support', text: 'Real people answering within 24 hours, faster on paid plans.', icon: Headset },
];

export function FeatureGrid() {
  return (
    <section aria-label="More features" className="border-y border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        {ITEMS.map(({ title, text, icon: Icon }) => (
          <div key={title} className="flex gap-3">
            <Icon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-blue-600" />
            <div>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
