import type { PaymentRequired } from '@planline/domain';
import { LinkIcon, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';
import { ErrorBlock } from '../components/ui/query-state';
import { Spinner } from '../components/ui/spinner';
import { errorStatus } from '../lib/api-error';
import { toast } from '../lib/toast.store';
import { signInToContinue } from '../features/auth/return-to';
import { useAuth } from '../features/auth/use-auth';
import { InviteLayout, InviteMessage } from '../features/invites/components/invite-layout';
import { handleJoinFailure } from '../features/invites/join-failure';
import { UpgradeNeeded } from '../features/invites/components/upgrade-needed';
import { ROLE_LABELS } from '../features/teams/components/role-badge';
import { useJoinTeam } from '../features/teams/teams.api';
import { useTeamInviteInfo } from '../features/teams/teams.queries';
import { useWorkspaceUi } from '../features/workspace/workspace-ui.store';

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
    <InviteMessage
      icon={<LinkIcon aria-hidden="true" className="h-6 w-6" />}
      title="Invalid Invite"
      actions={
        <Link to="/" className={buttonClasses('outline', 'md', 'w-full')}>
          Go to Dashboard
        </Link>
      }
    >
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
  const [payment, setPayment] = useState<PaymentRequired | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [gone, setGone] = useState(false);

  if (info.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label="Loading invitation" />
      </div>
    );
  }
  if (info.isError) {
    const status = errorStatus(info.error);
    if (status === 404 || status === 400) return <InvalidInvite />;
    return (
      <ErrorBlock
        message="We couldn't load this invitation."
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    );
  }
  // The token names its team; a link whose path names another team has been edited.
  if (gone || info.data.teamId.toLowerCase() !== teamId.toLowerCase()) return <InvalidInvite />;

  const { teamName } = info.data;
  if (payment && user) return <UpgradeNeeded payment={payment} userId={user.id} teamId={info.data.teamId} teamName={teamName} />;

  const onJoin = async () => {
    setFailure(null);
    try {
      const result = await join.mutateAsync(token);
      selectTeam(result.teamId);
      toast(
        result.alreadyMember
          ? { title: 'Already a member', description: `You are already in ${teamName}.` }
          : { title: 'Welcome to the team!', description: `You joined ${teamName}.` },
      );
      navigate('/');
    } catch (err) {
      handleJoinFailure(err, 'Failed to join team', { onPayment: setPayment, onGone: () => setGone(true), onFailed: setFailure });
    }
  };

  // The token carries the role; the link's role parameter is only a hint and grants nothing.
  const { role } = info.data;

  return (
    <InviteMessage
      icon={<Users aria-hidden="true" className="h-6 w-6" />}
      title="You're Invited!"
      actions={
        user ? (
          <Button size="lg" onClick={() => void onJoin()} disabled={join.isPending}>
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
      {failure ? (
        <p role="alert" className="text-red-600">
          {failure}
        </p>
      ) : null}
    </InviteMessage>
  );
}
