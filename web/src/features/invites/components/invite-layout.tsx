import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { AuthHeader } from '../../auth';

/** The invite pages' frame, the same signed in or out: the brand header and one centred card. */
export function InviteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <AuthHeader />
      <main className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
        <Card className="p-8 text-center">{children}</Card>
      </main>
    </div>
  );
}

interface InviteMessageProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Why the last join failed, announced under the text. */
  failure?: string | null | undefined;
}

export function InviteMessage({ icon, title, children, actions, failure }: InviteMessageProps) {
  return (
    <>
      <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-blue-50 text-blue-600">
        {icon}
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      {children || failure ? (
        <div className="mt-3 space-y-2 text-sm text-slate-600">
          {children}
          {failure ? (
            <p role="alert" className="text-red-600">
              {failure}
            </p>
          ) : null}
        </div>
      ) : null}
      {actions ? <div className="mt-6 flex flex-col gap-2">{actions}</div> : null}
    </>
  );
}

/** The way out of an invite page, to the workspace. */
export function GoToDashboard({ variant = 'outline' }: { variant?: 'outline' | 'primary' }) {
  return (
    <Link to="/" className={buttonClasses(variant, 'md', 'w-full')}>
      Go to Dashboard
    </Link>
  );
}
