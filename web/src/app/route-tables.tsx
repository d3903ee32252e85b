import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { SignedInAuthRedirect } from '../features/auth/components/signed-in-auth-redirect';
import { SignedInLayout } from '../features/shell/components/signed-in-layout';
import { NotFoundPage } from '../pages/not-found.page';

// Each page is its own chunk: visitors of the landing page never download the workspace, and vice versa.
const LandingPage = lazy(() => import('../pages/landing.page').then((m) => ({ default: m.LandingPage })));
const AuthPage = lazy(() => import('../pages/auth.page').then((m) => ({ default: m.AuthPage })));
const WorkspacePage = lazy(() => import('../pages/workspace.page').then((m) => ({ default: m.WorkspacePage })));
const ProfilePage = lazy(() => import('../pages/profile.page').then((m) => ({ default: m.ProfilePage })));
const TeamInvitePage = lazy(() => import('../pages/team-invite.page').then((m) => ({ default: m.TeamInvitePage })));
const ProjectInvitePage = lazy(() =>
  import('../pages/project-invite.page').then((m) => ({ default: m.ProjectInvitePage })),
);

/*
 * The route table of PRODUCT-SPEC §2, one line per route. react-router matches paths case-insensitively and
 * ignores a trailing slash unless a route sets caseSensitive, so /Profile/ reaches /profile.
 */

/** Reachable signed in or out: invites; /payment, legal pages and /help-center arrive with their issues. */
const bothStates: RouteObject[] = [
  { path: '/invite/:teamId', element: <TeamInvitePage /> },
  // An invite link without its team (or token) leads nowhere useful: PRODUCT-SPEC §2 sends it to /.
  { path: '/invite', element: <Navigate to="/" replace /> },
  { path: '/project-invite/:token', element: <ProjectInvitePage /> },
];

const signedOutOnly: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/auth', element: <AuthPage /> },
];

/** Pages under the top navigation. */
const signedInShell: RouteObject[] = [
  { path: '/', element: <WorkspacePage /> },
  { path: '/profile', element: <ProfilePage /> },
];

const signedInOnly: RouteObject[] = [
  { element: <SignedInLayout />, children: signedInShell },
  { path: '/auth', element: <SignedInAuthRedirect /> },
];

const notFound: RouteObject = { path: '*', element: <NotFoundPage /> };

export const signedOutRoutes: RouteObject[] = [...signedOutOnly, ...bothStates, notFound];
export const signedInRoutes: RouteObject[] = [...signedInOnly, ...bothStates, notFound];
