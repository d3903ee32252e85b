/** Teams: lists and cache, membership, invites, join requests, the shared-projects scope, upgrade prompts. */
export { canEditCapacity } from './capacity-form';
export { CapacityDialog } from './components/capacity-dialog';
export { CopyField } from './components/copy-field';
export { InviteLinkField } from './components/invite-link-field';
export { ROLE_LABELS } from './components/role-badge';
export {
  addJoinRequest,
  pendingRequestCount,
  removeJoinRequest,
  removeJoinRequestsOf,
  removeMemberFrom,
  removeTeam,
  upsertMember,
  withTeamPlan,
} from './team-cache';
export { SHARED_SCOPE, SHARED_SCOPE_LABEL } from './team-scope';
export { useCreateTeam } from './teams.api';
export {
  fetchTeamsNow,
  joinRequestsKey,
  teamDetailQuery,
  teamKey,
  teamMembersKey,
  TEAMS_KEY,
  teamsQuery,
  useJoinRequests,
  useTeamInviteInfo,
  useTeamMembers,
  useTeams,
} from './teams.queries';
export { ASK_OWNER_TEXT, promptUpgrade, upgradeDecision, upgradePath } from './upgrade-prompt';
export { ProFeatureUpgrade } from './components/pro-feature-upgrade';
export { useTeamPlanLabel } from './use-team-plan-label';

// [lazy-parts] Parts no first screen shows, given as their code's loaders (lib/lazy-part.tsx): a page asks for
// them when one is first shown. Not exported as components too: the page imports this index, and would then
// have their code with its own.
export const loadCreateTeamDialog = () => import('./components/create-team-dialog').then((m) => m.CreateTeamDialog);
export const loadInviteMembersDialog = () => import('./components/invite-members-dialog').then((m) => m.InviteMembersDialog);
export const loadJoinRequestsDialog = () => import('./components/join-requests-dialog').then((m) => m.JoinRequestsDialog);
export const loadJoinTeamDialog = () => import('./components/join-team-dialog').then((m) => m.JoinTeamDialog);
export const loadTeamManagementDialog = () => import('./components/team-management-dialog').then((m) => m.TeamManagementDialog);
