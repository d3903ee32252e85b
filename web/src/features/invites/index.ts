/** Joining a team or a project through an invite link (PRODUCT-SPEC §2 invite pages). */
export { InviteCard } from './components/invite-card';
export { GoToDashboard, InviteLayout, InviteMessage } from './components/invite-layout';
export { useJoinProject, useJoinTeam } from './invites.api';
export { useInviteJoin } from './join-failure';
