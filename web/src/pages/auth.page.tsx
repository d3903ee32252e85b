import { parsePlanParam } from '@planline/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { pathAfterAuth } from '../features/auth/auth-redirect';
import { AuthHeader } from '../features/auth/components/auth-header';
import { LoginForm } from '../features/auth/components/login-form';
import { RegisterForm } from '../features/auth/components/register-form';
import { SelectedPlanNote } from '../features/auth/components/selected-plan-note';

type Mode = 'register' | 'login';

/** /auth for signed-out visitors; the router sends signed-in users to / before this renders. */
export function AuthPage() {
  const [searchParams] = useSearchParams();
  const plan = parsePlanParam(searchParams.get('plan'));
  const [mode, setMode] = useState<Mode>('register');
  const navigate = useNavigate();

  // A paid plan picked on the landing page needs an account first, so choosing one shows the register form
  // (PRODUCT-SPEC §2 /auth). Adjusting state on a changed param during render avoids an effect's extra pass.
  const [planShown, setPlanShown] = useState(plan);
  if (plan !== planShown) {
    setPlanShown(plan);
    if (plan !== 'free') setMode('register');
  }

  const goOn = () => navigate(pathAfterAuth(plan), { replace: true });

  return (
    <div className="min-h-screen bg-slate-50">
      <AuthHeader />
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-10 sm:py-16">
        <Card>
          <CardHeader>
            <CardTitle className="text-2xl">
              {mode === 'register' ? 'Create your account' : 'Sign in to Planline'}
            </CardTitle>
            <CardDescription>
              {mode === 'register'
                ? 'Plan projects with your team on interactive Gantt timelines.'
                : 'Welcome back. Enter your email and password.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <SelectedPlanNote plan={plan} />
            {mode === 'register' ? <RegisterForm onRegistered={goOn} /> : <LoginForm onSignedIn={goOn} />}
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
