import { parsePlanParam } from '@planline/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card';
import { AuthHeader, LoginForm, pathAfterAuth, peekReturnTo, RegisterForm, SelectedPlanNote } from '../features/auth';

type Mode = 'register' | 'login';

/**
 * /auth for signed-out visitors. A successful sign-in or registration flips the route table, and the signed-in
 * /auth route (SignedInAuthRedirect) sends the user on to `target`.
 */
export function AuthPage() {
  const [searchParams] = useSearchParams();
  const plan = parsePlanParam(searchParams.get('plan'));
  const [mode, setMode] = useState<Mode>('register');

  // A paid plan picked on the landing page needs an account first, so choosing one shows the register form
  // (PRODUCT-SPEC §2 /auth). Adjusting state on a changed param during render avoids an effect's extra pass.
  const [planShown, setPlanShown] = useState(plan);
  if (plan !== planShown) {
    setPlanShown(plan);
    if (plan !== 'free') setMode('register');
  }

  // An invite page that sent the visitor here to sign in gets them back (PRODUCT-SPEC §2 invite pages).
  const target = peekReturnTo() ?? pathAfterAuth(plan);

  return (
    <div className="min-h-screen bg-slate-50">
      <AuthHeader />
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-10 sm:py-16">
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold text-slate-900">
              {mode === 'register' ? 'Create your account' : 'Sign in to Planline'}
            </h1>
            <CardDescription>
              {mode === 'register'
                ? 'Plan projects with your team on interactive Gantt timelines.'
                : 'Welcome back. Enter your email and password.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <SelectedPlanNote plan={plan} />
            {mode === 'register' ? <RegisterForm target={target} /> : <LoginForm target={target} />}
            <p className="text-center text-sm text-slate-600">
              {mode === 'register' ? 'Already have an account?' : "Don't have an account?"}{' '}
              <button
                type="button"
                onClick={() => setMode(mode === 'register' ? 'login' : 'register')}
                className="cursor-pointer rounded font-medium text-blue-600 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              >
                {mode === 'register' ? 'Sign in' : 'Create an account'}
              </button>
            </p>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
