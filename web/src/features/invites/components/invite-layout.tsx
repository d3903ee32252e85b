import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { AuthHeader } from '../../auth/components/auth-header';

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
}

export function InviteMessage({ icon, title, children, actions }: InviteMessageProps) {
  return (
    <>
      <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-blue-50 text-blue-600">
        {icon}
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      {children ? <div className="mt-3 space-y-2 text-sm text-slate-600">{children}</div> : null}
      {actions ? <div className="mt-6 flex flex-col gap-2">{actions}</div> : null}
    </>
  );
}
