import { ChartGantt, CreditCard, Download, Rocket, Users, type LucideIcon } from 'lucide-react';

interface HelpTopic {
  id: string;
  title: string;
  icon: LucideIcon;
  points: readonly string[];
}

/** The help centre's quick help (PRODUCT-SPEC §2 /help-center): short, and true to what the product does. */
const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    icon: Rocket,
    points: [
      'Create an account, then choose Start Free Workspace to set up your team.',
      'Add a project with New Project. Each project gets a project code, shown as Project ID.',
      'Add tasks from the form under the timeline, or describe one in plain words to the AI Task Creator.',
    ],
  },
  {
    id: 'gantt',
    title: 'Gantt timeline',
    icon: ChartGantt,
    points: [
      'Switch between 2 Weeks, Month and 3 Months, zoom in or out, or use Fit and Today.',
      'Click a task to edit it and to see its change history.',
      'An arrow on a bar means the task runs on beyond the part of the timeline in view.',
    ],
  },
  {
    id: 'teams',
    title: 'Teams and invites',
    icon: Users,
    points: [
      'Add User gives you an invite link to copy and share with a new member.',
      'People can also ask to join with your 8-character team code; the owner approves or denies each request.',
      'A project invite link brings someone straight to one project.',
    ],
  },
  {
    id: 'exports',
    title: 'Exports',
    icon: Download,
    points: [
      'Export Project downloads a project as an Excel workbook, a PDF or an MS Project XML file.',
      'Choose whether to include the timeline, assignments and charts.',
      'Google Sheets export is coming soon.',
    ],
  },
  {
    id: 'billing',
    title: 'Plans and billing',
    icon: CreditCard,
    points: [
      'Free includes up to 3 projects. Pro ($15 per month per team) adds unlimited projects and up to 5 members.',
      'Enterprise ($25 per month per team) has unlimited members. New teams get a 7-day free trial.',
      'Upgrade from your profile. Card payments go through our payment provider, and you can cancel anytime.',
    ],
  },
];

export function HelpTopics() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {HELP_TOPICS.map(({ id, title, icon: Icon, points }) => (
        <li key={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 id={`help-${id}`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
              <Icon aria-hidden="true" className="h-4 w-4" />
            </span>
            {title}
          </h3>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-slate-600 marker:text-slate-400">
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
