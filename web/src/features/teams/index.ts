/** Teams: lists and cache, membership, invites, join requests, the shared-projects scope, upgrade prompts. */
export { canEditCapacity } from './capacity-form';
export { CapacityDialog } from './components/capacity-dialog';
export { CreateTeamDialog } from './components/create-team-dialog';
export { CopyField } from './components/copy-field';
export { InviteLinkField } from './components/invite-link-field';
export { InviteMembersDialog } from './components/invite-members-dialog';
export { JoinRequestsDialog } from './components/join-requests-dialog';
export { JoinTeamDialog } from './components/join-team-dialog';
export { ROLE_LABELS } from './components/role-badge';
export { TeamManagementDialog } from './components/team-management-dialog';
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
