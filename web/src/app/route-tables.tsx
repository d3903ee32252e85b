import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { SignedInAuthRedirect, SignInFirst } from '../features/auth';
import { PublicLayout } from '../features/legal';
import { SignedInLayout } from '../features/shell';
import { PlanInView } from '../features/workspace';
import { NotFoundPage } from '../pages/not-found.page';
import { lazyPage } from './lazy-page';

// Each page is its own chunk: visitors of the landing page never download the workspace, and vice versa.
const LandingPage = lazy(() => import('../pages/landing.page').then((m) => ({ default: m.LandingPage })));
const AuthPage = lazy(() => import('../pages/auth.page').then((m) => ({ default: m.AuthPage })));
const WorkspacePage = lazyPage(() => import('../pages/workspace.page').then((m) => m.WorkspacePage));
/** A signed-in page load at "/" loads the workspace's chunk before its first render (main.tsx; lazy-page.ts says why). */
export const preloadWorkspacePage = () => WorkspacePage.preload();
const ProfilePage = lazy(() => import('../pages/profile.page').then((m) => ({ default: m.ProfilePage })));
const TeamInvitePage = lazy(() => import('../pages/team-invite.page').then((m) => ({ default: m.TeamInvitePage })));
const ProjectInvitePage = lazy(() =>
  import('../pages/project-invite.page').then((m) => ({ default: m.ProjectInvitePage })),
);
const HelpCenterPage = lazy(() => import('../pages/help-center.page').then((m) => ({ default: m.HelpCenterPage })));
const PrivacyPolicyPage = lazy(() =>
  import('../pages/privacy-policy.page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfServicePage = lazy(() =>
  import('../pages/terms-of-service.page').then((m) => ({ default: m.TermsOfServicePage })),
);
const PaymentPage = lazy(() => import('../pages/payment.page').then((m) => ({ default: m.PaymentPage })));
const SubscribePage = lazy(() => import('../pages/subscribe.page').then((m) => ({ default: m.SubscribePage })));
const UpgradePage = lazy(() => import('../pages/upgrade.page').then((m) => ({ default: m.UpgradePage })));
const UpgradeSuccessPage = lazy(() =>
  import('../pages/upgrade-success.page').then((m) => ({ default: m.UpgradeSuccessPage })),
);
const InboxPage = lazy(() => import('../pages/inbox.page').then((m) => ({ default: m.InboxPage })));
const WorkloadPage = lazy(() => import('../pages/workload.page').then((m) => ({ default: m.WorkloadPage })));
const PortfolioPage = lazy(() => import('../pages/portfolio.page').then((m) => ({ default: m.PortfolioPage })));
const TestCheckoutPage = lazy(() => import('../pages/test-checkout.page').then((m) => ({ default: m.TestCheckoutPage })));

/*
 * The route table of PRODUCT-SPEC §2, one line per route. react-router matches paths case-insensitively and
 * ignores a trailing slash unless a route sets caseSensitive, so /Profile/ reaches /profile.
 */

/** Reachable signed in or out, in their own frame: invites. */
const bothStates: RouteObject[] = [
  { path: '/invite/:teamId', element: <TeamInvitePage /> },
  // An invite link without its team (or token) leads nowhere useful: PRODUCT-SPEC §2 sends it to /.
  { path: '/invite', element: <Navigate to="/" replace /> },
  { path: '/project-invite/:token', element: <ProjectInvitePage /> },
];

/**
 * Static pages, reachable signed in or out: under the top navigation for signed-in users, and in the landing
 * page's header and footer for visitors.
 */
const staticPages: RouteObject[] = [
  { path: '/help-center', element: <HelpCenterPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  { path: '/terms-of-service', element: <TermsOfServicePage /> },
];

/**
 * Plan checkout, signed in or out in the same frames as the static pages: Subscribe sends visitors to /auth with
 * the plan, and signed-in users on to pay for a team.
 */
const planPages: RouteObject[] = [{ path: '/payment', element: <PaymentPage /> }];

const signedOutOnly: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/auth', element: <AuthPage /> },
  { element: <PublicLayout />, children: [...staticPages, ...planPages] },
  // PRODUCT-SPEC §2: signed-out visitors to the upgrade pages are sent to /.
  { path: '/upgrade', element: <Navigate to="/" replace /> },
  { path: '/upgrade/success', element: <Navigate to="/" replace /> },
  // A bookmarked profile while signed out: sign in, then back to it (not the 404).
  { path: '/profile', element: <SignInFirst /> },
  { path: '/workload', element: <SignInFirst /> },
  { path: '/portfolio', element: <SignInFirst /> },
  { path: '/inbox', element: <SignInFirst /> },
];

/** Pages under the top navigation. */
const signedInShell: RouteObject[] = [
  { path: '/', element: <WorkspacePage /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/subscribe', element: <SubscribePage /> },
  { path: '/upgrade', element: <UpgradePage /> },
  { path: '/upgrade/success', element: <UpgradeSuccessPage /> },
  { path: '/workload', element: <WorkloadPage /> },
  { path: '/portfolio', element: <PortfolioPage /> },
  { path: '/inbox', element: <InboxPage /> },
  ...staticPages,
  ...planPages,
];

const signedInOnly: RouteObject[] = [
  { element: <SignedInLayout PlanBadge={PlanInView} />, children: signedInShell },
  { path: '/auth', element: <SignedInAuthRedirect /> },
  // The local stand-in for the payment provider's page, in its own frame as the provider's would be.
  { path: '/checkout/test/:sessionId', element: <TestCheckoutPage /> },
];

const notFound: RouteObject = { path: '*', element: <NotFoundPage /> };

export const signedOutRoutes: RouteObject[] = [...signedOutOnly, ...bothStates, notFound];
export const signedInRoutes: RouteObject[] = [...signedInOnly, ...bothStates, notFound];
