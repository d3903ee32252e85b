import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { usePostAuthTarget } from '../post-auth-target.store';
import { clearReturnTo } from '../return-to';

/**
 * /auth for a signed-in user: / (PRODUCT-SPEC §2), or the plan checkout the user just signed up for, or the
 * invite page that asked them to sign in. Either way the remembered target has been used up.
 */
export function SignedInAuthRedirect() {
  const target = usePostAuthTarget((state) => state.target);
  const setTarget = usePostAuthTarget((state) => state.setTarget);
  useEffect(
    () => () => {
      setTarget(null);
      clearReturnTo();
    },
    [setTarget],
  );
  return <Navigate to={target ?? '/'} replace />;
}
