import { LinkIcon, Users } from 'lucide-react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useWorkspaceUi } from '../app/workspace-ui.store';
import { Button } from '../components/ui/button';
import { toast } from '../lib/toast.store';
import { signInToContinue, useAuth } from '../features/auth';
import {
  GoToDashboard,
  InviteCard,
  InviteLayout,
  InviteMessage,
  useInviteJoin,
  useJoinTeam,
} from '../features/invites';
import { ROLE_LABELS, useTeamInviteInfo } from '../features/teams';

export const INVALID_TEAM_INVITE_TEXT = 'This invite link is invalid or has expired. Please ask for a new invitation.';

/** /invite/{teamId}?token=…&role=… for visitors signed in or out (PRODUCT-SPEC §2 team invite page). */
export function TeamInvitePage() {
  const { teamId } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  if (!teamId || !token) return <Navigate to="/" replace />;
  return (
    <InviteLayout>
      <TeamInvite teamId={teamId} token={token} />
    </InviteLayout>
  );
}

function InvalidInvite() {
  return (
    <InviteMessage icon={<LinkIcon aria-hidden="true" className="h-6 w-6" />} title="Invalid Invite" actions={<GoToDashboard />}>
      <p>{INVALID_TEAM_INVITE_TEXT}</p>
    </InviteMessage>
  );
}

function TeamInvite({ teamId, token }: { teamId: string; token: string }) {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const info = useTeamInviteInfo(token);
  const join = useJoinTeam();
  const selectTeam = useWorkspaceUi((state) => state.selectTeam);
  const joining = useInviteJoin('Failed to join team');

  const onJoin = (teamName: string) =>
    joining.attempt(async () => {
      const result = await join.mutateAsync(token);
      selectTeam(result.teamId);
      toast(
        result.alreadyMember
          ? { title: 'Already a member', description: `You are already in ${teamName}.` }
          : { title: 'Welcome to the team!', description: `You joined ${teamName}.` },
      );
      navigate('/');
    });

  return (
    <InviteCard
      info={info}
      join={joining}
      invalid={<InvalidInvite />}
      // The token names its team; a link whose path names another team has been edited.
      isInvalid={(invite) => invite.teamId.toLowerCase() !== teamId.toLowerCase()}
      upgradeTeam={(invite) => invite}
    >
      {/* The token carries the role; the link's role parameter is only a hint and grants nothing. */}
      {({ teamName, role }) => (
        <InviteMessage
          icon={<Users aria-hidden="true" className="h-6 w-6" />}
          title="You're Invited!"
          failure={joining.failure}
          actions={
            user ? (
              <Button size="lg" onClick={() => void onJoin(teamName)} disabled={join.isPending}>
                {join.isPending ? 'Joining...' : 'Join Team'}
              </Button>
            ) : (
              <Button size="lg" onClick={() => signInToContinue(`${pathname}${search}`)}>
                Login to Join Team
              </Button>
            )
          }
        >
          <p>
            You have been invited to join <strong className="text-slate-900">{teamName}</strong> as{' '}
            {role === 'admin' ? 'an' : 'a'} {ROLE_LABELS[role]}.
          </p>
          {user ? null : <p>Sign in or create an account to accept the invitation.</p>}
        </InviteMessage>
      )}
    </InviteCard>
  );
}
