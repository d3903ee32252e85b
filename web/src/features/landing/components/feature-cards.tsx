import { ChartGantt, FileDown, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Interactive Gantt Charts',
    text: 'Drag and resize tasks on a timeline, zoom from days to quarters, and track progress at a glance.',
    icon: ChartGantt,
  },
  {
    title: 'Team Collaboration',
    text: 'Invite teammates, edit the same plan at the same time, and see every change as it happens.',
    icon: Users,
  },
  {
    title: 'Multi-Format Export',
    text: 'Export projects to Excel and PDF to share plans with people outside your workspace.',
    icon: FileDown,
  },
];

export function FeatureCards() {
  return (
    <section id="features" aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="features-heading" className="text-center text-3xl font-bold text-slate-900">
        Everything your team needs to ship on time
      </h2>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ title, text, icon: Icon }) => (
          <article key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
              <Icon aria-hidden="true" className="h-6 w-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-sm text-slate-600">{text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
