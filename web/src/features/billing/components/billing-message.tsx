import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

interface BillingMessageProps {
  icon: ReactNode;
  title: string;
  tone?: 'info' | 'success' | 'warning';
  children?: ReactNode;
  actions?: ReactNode;
}

const TONES = {
  info: 'bg-blue-50 text-blue-600',
  success: 'bg-emerald-50 text-emerald-600',
  warning: 'bg-amber-50 text-amber-600',
} as const;

/** One state of a plan page in a centred card: an icon, the page's heading, what it means and what to do next. */
export function BillingMessage({ icon, title, tone = 'info', children, actions }: BillingMessageProps) {
  return (
    <Card className="mx-auto w-full max-w-lg p-8 text-center">
      <span className={cn('mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full', TONES[tone])}>{icon}</span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      {children ? <div className="mt-3 space-y-2 text-sm text-slate-600">{children}</div> : null}
      {actions ? <div className="mt-6 flex flex-col gap-2">{actions}</div> : null}
    </Card>
  );
}

/** The loading state of a plan page: the app's spinner, announced with what is being read. */
export function BillingLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-24">
      <Spinner label={label} />
    </div>
  );
}
