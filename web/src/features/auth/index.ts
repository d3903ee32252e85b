/** Signing in and out, the session user, returning after sign-in, and what a 401 does (PRODUCT-SPEC §2 auth pages). */
export { pathAfterAuth } from './auth-redirect';
export { AUTH_USER_KEY, authUserQuery } from './auth.queries';
export { AuthHeader } from './components/auth-header';
export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { SelectedPlanNote } from './components/selected-plan-note';
export { SignInFirst } from './components/sign-in-first';
export { SignedInAuthRedirect } from './components/signed-in-auth-redirect';
export { peekReturnTo, signInToContinue } from './return-to';
export { signOut } from './sign-out';
export { handleUnauthorized } from './unauthorized';
export { useAuth } from './use-auth';
export { useSessionExpiry } from './use-session-expiry';
