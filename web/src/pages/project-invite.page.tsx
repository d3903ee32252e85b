import type { PaymentRequired, Project } from '@planline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { FolderOpen, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
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
import { useJoinProject } from '../features/projects/projects.api';
import { useProjectInviteInfo, USER_PROJECTS_KEY } from '../features/projects/projects.queries';
import { useWorkspaceUi } from '../features/workspace/workspace-ui.store';
import { scopeOfProject } from '../features/workspace/workspace-selection';

export const INVALID_PROJECT_INVITE_TEXT =
  'This project invitation link is invalid or has expired. Please request a new invitation from the project owner.';

/** /project-invite/{token} for visitors signed in or out (PRODUCT-SPEC §2 project invite page). */
export function ProjectInvitePage() {
  const { token = '' } = useParams();
  return <InviteLayout>{token.trim() ? <ProjectInvite token={token.trim()} /> : <InvalidInvitation />}</InviteLayout>;
}

function GoToDashboard({ variant = 'outline' }: { variant?: 'outline' | 'primary' }) {
  return (
    <Link to="/" className={buttonClasses(variant, 'md', 'w-full')}>
      Go to Dashboard
    </Link>
  );
}

function InvalidInvitation() {
  return (
    <InviteMessage icon={<LinkIcon aria-hidden="true" className="h-6 w-6" />} title="Invalid Invitation" actions={<GoToDashboard />}>
      <p>{INVALID_PROJECT_INVITE_TEXT}</p>
    </InviteMessage>
  );
}

function ProjectInvite({ token }: { token: string }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useProjectInviteInfo(token);
  const join = useJoinProject();
  const selectProject = useWorkspaceUi((state) => state.selectProject);
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
    if (status === 404 || status === 400) return <InvalidInvitation />;
    return (
      <ErrorBlock message="We couldn't load this invitation." onRetry={() => void info.refetch()} retrying={info.isFetching} />
    );
  }
  if (gone) return <InvalidInvitation />;
  // Only non-owners can hit the limit here: the owner is in the team already. The 402 does not name the team.
  if (payment && user) return <UpgradeNeeded payment={payment} userId={user.id} teamId={null} />;

  const { projectName, projectCode } = info.data;

  const onJoin = async () => {
    if (!user) {
      signInToContinue(pathname);
      return;
    }
    setFailure(null);
    try {
      const result = await join.mutateAsync(token);
      // The refreshed list says whether the project sits in one of the user's teams or is shared with them.
      const joined = queryClient.getQueryData<Project[]>(USER_PROJECTS_KEY)?.find((p) => p.id === result.projectId);
      selectProject(result.projectId, joined ? scopeOfProject(joined) : result.teamId);
      useWorkspaceUi.getState().setProjectSearch('');
      toast(
        result.alreadyMember
          ? { title: 'Already a member', description: `You already have access to ${projectName}.` }
          : { title: 'Joined project', description: `You joined ${projectName}.` },
      );
      navigate('/');
    } catch (err) {
      handleJoinFailure(err, 'Failed to join project', { onPayment: setPayment, onGone: () => setGone(true), onFailed: setFailure });
    }
  };

  return (
    <InviteMessage
      icon={<FolderOpen aria-hidden="true" className="h-6 w-6" />}
      title="Project Invitation"
      actions={
        <>
          <Button size="lg" onClick={() => void onJoin()} disabled={join.isPending}>
            {join.isPending ? 'Joining...' : 'Join Project'}
          </Button>
          <GoToDashboard />
        </>
      }
    >
      <p>You have been invited to join a project.</p>
      <dl className="mx-auto mt-4 grid max-w-xs grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-4 text-left">
        <dt className="text-slate-500">Project</dt>
        <dd className="font-semibold text-slate-900">{projectName}</dd>
        <dt className="text-slate-500">Project ID</dt>
        <dd className="font-mono text-slate-900">{projectCode}</dd>
      </dl>
      {user ? null : <p>Sign in or create an account to join.</p>}
      {failure ? (
        <p role="alert" className="text-red-600">
          {failure}
        </p>
      ) : null}
    </InviteMessage>
  );
}
