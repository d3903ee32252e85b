import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { rememberReturnTo } from '../return-to';

/**
 * A signed-in page visited signed out (/profile): off to /auth, remembering the page, so that signing in brings
 * the person back to it instead of leaving them at a 404.
 */
export function SignInFirst() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberReturnTo(`${pathname}${search}`);
    navigate('/auth', { replace: true });
  }, [navigate, pathname, search]);
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Taking you to sign in" />
    </div>
  );
}
