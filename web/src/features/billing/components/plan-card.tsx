import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

interface PlanCardProps {
  title: string;
  price: string;
  priceNote: string;
  /** Beside the title: 'Active Trial', 'Current plan'. */
  badge?: ReactNode;
  highlighted?: boolean;
  children: ReactNode;
}

/** A plan as the pricing section shows it (title, big price, contents), with room for the plan's action. */
export function PlanCard({ title, price, priceNote, badge, highlighted = false, children }: PlanCardProps) {
  const id = `plan-card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <article
      aria-labelledby={id}
      className={cn(
        'flex flex-col rounded-xl border bg-white p-6 shadow-sm',
        highlighted ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {badge}
      </div>
      <p className="mt-3">
        <span className="text-4xl font-bold text-slate-900">{price}</span>{' '}
        <span className="text-sm text-slate-600">{priceNote}</span>
      </p>
      <div className="mt-6 flex flex-1 flex-col">{children}</div>
    </article>
  );
}

const BADGE_TONES = {
  blue: 'bg-blue-600 text-white',
  green: 'bg-emerald-50 text-emerald-700',
  grey: 'bg-slate-100 text-slate-600',
} as const;

export function PlanBadge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', BADGE_TONES[tone])}>{children}</span>;
}
