import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { usePostAuthTarget } from '../post-auth-target.store';

/** /auth for a signed-in user: / (PRODUCT-SPEC §2), or the plan checkout the user just signed up for. */
export function SignedInAuthRedirect() {
  const target = usePostAuthTarget((state) => state.target);
  const setTarget = usePostAuthTarget((state) => state.setTarget);
  useEffect(() => () => setTarget(null), [setTarget]);
  return <Navigate to={target ?? '/'} replace />;
}
